/**
 * Hostile access: every operation of the published route table (/q/openapi) called with another
 * tenant's or another partner's ids, with keys lacking the permission, with forged tokens, and with
 * fields a caller must not set. The route table drives the matrices, so a new endpoint without a
 * case fails the build instead of going unchecked.
 */
package dev.recaudo.e2e.access;
