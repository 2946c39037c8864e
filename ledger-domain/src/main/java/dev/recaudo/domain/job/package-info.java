/**
 * Durable background jobs with leases, claimed with SKIP LOCKED so that several instances share
 * the work without doing any of it twice at the same time.
 */
package dev.recaudo.domain.job;
