/**
 * Money in integer minor units with its currency. Decimal major units never enter the core: the
 * public invoice API converts them exactly at its edge. A currency mismatch between two amounts is
 * a programming error, not a business outcome.
 */
package dev.recaudo.domain.money;
