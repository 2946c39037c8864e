/**
 * The Stripe card rail ({@link dev.recaudo.stripe.StripeRail}, implementing the application's
 * {@link dev.recaudo.application.rail.CardRail}) over stripe-java: PaymentIntents for charges, the Search API for
 * lookups, Refunds, Checkout Sessions for the hosted page, balance transactions for payout reports, and
 * signed events. The only package that may see {@code com.stripe} (ArchitectureTest).
 */
package dev.recaudo.stripe;
