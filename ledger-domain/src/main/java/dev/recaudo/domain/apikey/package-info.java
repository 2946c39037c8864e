/**
 * API keys: the credential partners use on the public invoice, integrations, external payments and
 * checkout APIs. A key is generated from 32 random bytes, shown once, and stored only as its
 * SHA-256. Its permissions, partner source, environment and rate limit travel with it through
 * rotation; revocation is immediate and final.
 */
package dev.recaudo.domain.apikey;
