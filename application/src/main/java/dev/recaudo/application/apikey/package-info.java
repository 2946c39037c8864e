/**
 * API-key use cases: administrators create, list, revoke and rotate their company's keys, at most
 * five active at a time; the credential filters authenticate presented keys. Creation and
 * rotation lock the company row so the five-key limit holds under concurrency.
 */
package dev.recaudo.application.apikey;
