package dev.recaudo.application.invoice;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.document.CollectionDocument;
import java.util.Optional;
import java.util.UUID;

/** A document with its current checkout and the payment that settled it: what an Invoice shows. */
public record InvoiceView(CollectionDocument document, Optional<Checkout> checkout, Optional<UUID> paymentId) {}
