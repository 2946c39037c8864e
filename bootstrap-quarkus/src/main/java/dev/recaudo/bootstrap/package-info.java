/**
 * Wiring and start-up: the use cases built from their adapters, configuration, and the optional
 * demo seed. No business rule lives here.
 */
package dev.recaudo.bootstrap;
