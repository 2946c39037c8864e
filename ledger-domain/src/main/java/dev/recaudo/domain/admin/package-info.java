/**
 * Company administrators. An administrator logs in with e-mail and password and receives a signed
 * token naming their company; every administration request is confined to that company. Passwords
 * are hashed by a port so the core stays free of cryptography libraries.
 */
package dev.recaudo.domain.admin;
