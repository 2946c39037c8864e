/**
 * Secrets at rest: the signing keys, webhook endpoint secrets and callback secrets are sealed with
 * AES-256-GCM under a key from configuration before they reach the database, so a dump alone can
 * neither mint admin tokens nor forge webhooks. Every sealed column is listed in one place, and a
 * background pass re-seals what is not under the active key (older keys, rows from before sealing),
 * which is how keys are rotated.
 */
package dev.recaudo.persistence.secret;
