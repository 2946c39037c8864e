/**
 * The company console (docs/console.md): pages the company's own people sign in to, rendered on
 * the server like the hosted checkout page, on the same use cases as the administration API.
 */
package dev.recaudo.rest.console;
