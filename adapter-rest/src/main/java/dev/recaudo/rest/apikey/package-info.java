/**
 * API-key administration over HTTP: create, list, revoke and rotate. The full key appears only in
 * the answers to create and rotate; lists show the twelve-character prefix and never the key or
 * its hash.
 */
package dev.recaudo.rest.apikey;
