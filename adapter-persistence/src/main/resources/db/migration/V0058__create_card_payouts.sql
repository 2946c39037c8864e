-- Card processors' payouts (issue 23): one row per company, rail and payout, MATCHED once its lines
-- settled known payments and added up (their fees booked, their documents CONCILIATED), else
-- UNMATCHED with the reason, for a person to look at. The unique key makes a duplicate or concurrent
-- event wait for the first and then change nothing.
CREATE TABLE card_payouts (
    id           uuid        PRIMARY KEY,
    company_id   uuid        NOT NULL REFERENCES companies (id),
    is_test      boolean     NOT NULL,
    rail         text        NOT NULL CHECK (length(rail) BETWEEN 1 AND 50),
    payout_id    text        NOT NULL CHECK (length(payout_id) BETWEEN 1 AND 255),
    amount_minor bigint      NOT NULL,
    currency     text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    status       text        NOT NULL CHECK (status IN ('MATCHED', 'UNMATCHED')),
    reason       text        NULL CHECK (length(reason) <= 1000),
    lines_count  integer     NOT NULL CHECK (lines_count >= 0),
    received_at  timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    CHECK ((status = 'UNMATCHED') = (reason IS NOT NULL)),
    UNIQUE (company_id, is_test, rail, payout_id)
);
CREATE INDEX card_payouts_received ON card_payouts (company_id, is_test, received_at DESC, id DESC);

-- Each fee booked from a payout line, once per balance movement (a charge's, a dispute's) whatever
-- payout reports it again; the transfer is the PROCESSOR_FEE transfer that booked it.
CREATE TABLE card_payout_fees (
    company_id       uuid        NOT NULL REFERENCES companies (id),
    is_test          boolean     NOT NULL,
    rail             text        NOT NULL,
    line_kind        text        NOT NULL CHECK (line_kind IN ('CHARGE', 'REFUND', 'DISPUTE')),
    source_reference text        NOT NULL CHECK (length(source_reference) BETWEEN 1 AND 255),
    payout_id        text        NOT NULL,
    payment_id       uuid        NOT NULL REFERENCES payments (id),
    currency         text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    fee_minor        bigint      NOT NULL CHECK (fee_minor <> 0),
    transfer_id      uuid        NOT NULL,
    created_at       timestamptz NOT NULL,
    PRIMARY KEY (company_id, is_test, rail, line_kind, source_reference)
);

-- A payout line names its payment by Recaudo's own id of it, or by the processor's reference.
CREATE INDEX payments_recaudo_named ON payments (company_id, is_test, external_payment_id);
CREATE INDEX payments_provider_reference ON payments (company_id, is_test, provider_payment_id)
    WHERE provider_payment_id IS NOT NULL;
