/**
 * Security material the core owns but does not interpret: the signing key pair of access tokens.
 * Token formats live at the HTTP edge; the core only guarantees that all instances share one pair
 * and that it survives restarts.
 */
package dev.recaudo.domain.security;
