/**
 * The checkout helper over HTTP: an API key is exchanged for a short-lived access token, which
 * then opens the customer and product endpoints of the key's company only.
 */
package dev.recaudo.rest.checkout;
