/** Persistence of the card rails' records: the payouts received and the fees booked from them. */
package dev.recaudo.persistence.rail;
