/**
 * The card sessions of hosted checkouts ({@code card_sessions}): which session a checkout has open at
 * its company's card processor, reserved before the processor is called, so that a checkout never
 * has two. Written in native SQL under an advisory lock on the checkout.
 */
package dev.recaudo.persistence.card;
