/**
 * Companies and their WhatsApp origins in PostgreSQL. Locking a company row is how the core
 * serializes writers that must see a consistent count of the company's children, such as keys.
 */
package dev.recaudo.persistence.company;
