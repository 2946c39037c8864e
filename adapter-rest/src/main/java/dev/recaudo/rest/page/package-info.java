/**
 * The hosted checkout page the payer opens ({@code /pay/{checkoutId}}): HTML rendered from Qute
 * templates that share one layout, without JavaScript. The checkout id is the payer's credential,
 * and the sandbox Pay form carries a token that names one checkout and lasts an hour. Errors on
 * these paths are pages in the payer's language, never the JSON envelopes of the APIs.
 */
package dev.recaudo.rest.page;
