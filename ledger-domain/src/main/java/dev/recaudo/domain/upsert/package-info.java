/**
 * The order of a partner's signed upserts. Each customer and document a partner upserts remembers the
 * newest {@code Service-Timestamp} applied to it, so an upsert signed earlier (delayed on its way, or
 * held back and resent by whoever captured it) cannot bring older data back. The database decides,
 * so the order holds across instances.
 */
package dev.recaudo.domain.upsert;
