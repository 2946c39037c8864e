/**
 * Background jobs under a lease. A job is claimed by one instance at a time and run batch by
 * batch, one transaction per batch; the lease is renewed with every batch, so a slow job keeps it,
 * and an instance that dies stops renewing, so another one takes the job over when it runs out.
 */
package dev.recaudo.application.job;
