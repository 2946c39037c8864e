-- Checkouts of documents (the public API's InvoicePayment).
CREATE TABLE checkouts (
    id                  uuid PRIMARY KEY,
    company_id          uuid        NOT NULL REFERENCES companies (id),
    is_test             boolean     NOT NULL,
    document_id         uuid        NOT NULL REFERENCES collection_documents (id),
    source              text        NOT NULL,
    currency            text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    amount_minor        bigint      NOT NULL CHECK (amount_minor >= 0),
    title               text        NOT NULL,
    description         text        NOT NULL,
    phone               text        NULL,
    due_at              timestamptz NULL,
    status              text        NOT NULL CHECK (status IN ('PENDING', 'canceled', 'APPROVED', 'REJECTED')),
    provider_payment_id text        NULL,
    paid_at             timestamptz NULL,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);
CREATE INDEX checkouts_document ON checkouts (document_id, created_at DESC);
-- At most one payable checkout per document.
CREATE UNIQUE INDEX checkouts_one_pending ON checkouts (document_id) WHERE status = 'PENDING';

-- Money received, and its applications to documents.
CREATE TABLE payments (
    id                        uuid PRIMARY KEY,
    company_id                uuid        NOT NULL REFERENCES companies (id),
    is_test                   boolean     NOT NULL,
    source                    text        NOT NULL,
    external_payment_id       text        NOT NULL CHECK (length(external_payment_id) BETWEEN 1 AND 255),
    kind                      text        NOT NULL CHECK (kind IN ('PROVIDER_SETTLEMENT', 'CHECKOUT', 'VERIFIED')),
    customer_id               uuid        NULL REFERENCES customers (id),
    customer_external_id      text        NULL,
    currency                  text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    amount_minor              bigint      NOT NULL CHECK (amount_minor >= 1),
    -- The same money in the currency of the documents it pays; the amount is NULL while a certified rate is missing.
    application_currency      text        NOT NULL CHECK (application_currency ~ '^[A-Z]{3}$'),
    application_amount_minor  bigint      NULL CHECK (application_amount_minor >= 1),
    applied_minor             bigint      NOT NULL CHECK (applied_minor >= 0),
    credit_minor              bigint      NOT NULL CHECK (credit_minor >= 0),
    outcome                   text        NOT NULL,
    exchange_rate_id          uuid        NULL,
    exchange_rate_used        text        NULL,
    request_id                text        NULL,
    paid_at                   timestamptz NOT NULL,
    created_at                timestamptz NOT NULL,
    updated_at                timestamptz NOT NULL,
    -- Money never disappears: what is applied or credited fits in the payment.
    CHECK (application_amount_minor IS NULL OR applied_minor + credit_minor <= application_amount_minor)
);
-- A partner's verified payment is recorded once, whatever the concurrency.
CREATE UNIQUE INDEX payments_verified_identity ON payments (company_id, is_test, source, external_payment_id)
    WHERE kind = 'VERIFIED';

CREATE TABLE payment_applications (
    id           uuid PRIMARY KEY,
    payment_id   uuid        NOT NULL REFERENCES payments (id),
    document_id  uuid        NOT NULL REFERENCES collection_documents (id),
    company_id   uuid        NOT NULL,
    is_test      boolean     NOT NULL,
    currency     text        NOT NULL,
    amount_minor bigint      NOT NULL CHECK (amount_minor >= 1),
    transfer_id  uuid        NOT NULL REFERENCES ledger_transfers (id),
    applied_at   timestamptz NOT NULL
);
CREATE INDEX payment_applications_document ON payment_applications (document_id, applied_at DESC);
CREATE INDEX payment_applications_payment ON payment_applications (payment_id);
CREATE INDEX payments_updated ON payments (company_id, is_test, updated_at, id);
