/** Administration routes of the card rails: the payouts received from the company's processor. */
package dev.recaudo.rest.rail;
