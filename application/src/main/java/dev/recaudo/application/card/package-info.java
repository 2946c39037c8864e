/**
 * Live card payments of the hosted page through a card processor's own hosted page (a session):
 * the page's Pay opens at most one session per checkout, the processor's events and a reconciliation
 * job pay the checkout through its one completion path, and money a session took after the checkout
 * was paid another way becomes the customer's credit.
 */
package dev.recaudo.application.card;
