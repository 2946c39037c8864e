/**
 * Use cases of the partner integrations API: collection documents synchronized by external id,
 * verified payments applied only to the listed documents by a decision table, and their
 * continuation with a certified exchange rate. Money moves through the same ledger and document
 * book as the public invoice API.
 */
package dev.recaudo.application.integration;
