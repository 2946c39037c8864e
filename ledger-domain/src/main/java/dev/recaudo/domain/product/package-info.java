/**
 * Products: the catalog the checkout helper sells from. A product is found and upserted by its
 * SKU within its company.
 */
package dev.recaudo.domain.product;
