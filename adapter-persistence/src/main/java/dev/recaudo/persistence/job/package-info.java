/** Durable jobs in PostgreSQL, leased with SKIP LOCKED so one instance at a time runs each. */
package dev.recaudo.persistence.job;
