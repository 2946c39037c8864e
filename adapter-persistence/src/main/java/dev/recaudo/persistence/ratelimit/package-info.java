/**
 * Rate-limit counters in PostgreSQL. The store is one atomic upsert per lease (of one hit for a
 * login's subject, of several for a key's bucket); a scheduled janitor removes ended windows in
 * bounded batches.
 */
package dev.recaudo.persistence.ratelimit;
