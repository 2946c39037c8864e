/**
 * Rate-limit counters in PostgreSQL. The store is one atomic upsert per request; a scheduled
 * janitor removes ended windows in bounded batches.
 */
package dev.recaudo.persistence.ratelimit;
