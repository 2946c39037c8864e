/**
 * Signing key pairs in PostgreSQL, created once and shared by every instance, so a token issued
 * by one instance verifies on all of them and after every restart. Their private halves are
 * sealed at rest (package {@code secret}).
 */
package dev.recaudo.persistence.security;
