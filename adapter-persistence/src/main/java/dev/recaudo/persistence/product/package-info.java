/** Products in PostgreSQL, unique by SKU within a company. */
package dev.recaudo.persistence.product;
