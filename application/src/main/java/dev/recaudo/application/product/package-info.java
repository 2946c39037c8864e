/**
 * Use cases over the product catalog of the checkout helper: lookup by SKU now, the idempotent
 * upsert by SKU with the checkout issue.
 */
package dev.recaudo.application.product;
