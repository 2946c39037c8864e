-- Money going back out of a completed external payment (issue 22, section 6): refunds the partner
-- asks for and chargebacks the rail reports. The three *_minor sources say where the money was taken
-- from (the payment's unapplied money, its customer credit, its document), so that a declined
-- refund puts it back exactly; their sum is the refund's amount.
CREATE TABLE refunds (
    id                   uuid PRIMARY KEY,
    company_id           uuid        NOT NULL REFERENCES companies (id),
    is_test              boolean     NOT NULL,
    partner              text        NOT NULL,
    external_payment_id  uuid        NOT NULL REFERENCES external_payments (id),
    payment_id           uuid        NOT NULL REFERENCES payments (id),
    document_id          uuid        NULL REFERENCES collection_documents (id),
    customer_id          uuid        NULL,
    kind                 text        NOT NULL CHECK (kind IN ('refund', 'chargeback')),
    status               text        NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    currency             text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    from_unapplied_minor bigint      NOT NULL CHECK (from_unapplied_minor >= 0),
    from_credit_minor    bigint      NOT NULL CHECK (from_credit_minor >= 0),
    from_document_minor  bigint      NOT NULL CHECK (from_document_minor >= 0),
    amount_minor         bigint      NOT NULL CHECK (amount_minor >= 1),
    reason               text        NULL CHECK (length(reason) <= 500),
    processor_reference  text        NULL CHECK (length(processor_reference) <= 255),
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    CHECK (amount_minor = from_unapplied_minor + from_credit_minor + from_document_minor),
    CHECK (kind = 'refund' OR status = 'succeeded')
);
CREATE INDEX refunds_external_payment ON refunds (external_payment_id, created_at, id);
CREATE INDEX refunds_payment ON refunds (payment_id) WHERE status IN ('pending', 'succeeded');
-- The recovery's question: pending refunds of an environment, the longest unchanged first.
CREATE INDEX refunds_pending ON refunds (is_test, updated_at) WHERE status = 'pending';

-- A refund takes money back off the document its payment paid as a negative application of that
-- payment (and a declined refund puts it back as a positive one), so that a document's applied
-- amount stays the sum of its applications; only a refund's applications may be negative.
ALTER TABLE payment_applications ADD COLUMN refund_id uuid NULL REFERENCES refunds (id);
ALTER TABLE payment_applications DROP CONSTRAINT payment_applications_amount_minor_check;
ALTER TABLE payment_applications ADD CONSTRAINT payment_applications_amount_sign
    CHECK (amount_minor >= 1 OR (refund_id IS NOT NULL AND amount_minor <> 0));
