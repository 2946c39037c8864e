/**
 * Sandbox controls over HTTP: with a test key, complete or fail a checkout and conciliate a paid
 * invoice, exactly as the hosted page and the payment network would.
 */
package dev.recaudo.rest.sandbox;
