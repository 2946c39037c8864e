-- What a payer reported on the hosted page about a transfer their bank could not label with the
-- checkout's reference (Pago Móvil and similar): a claim the statement import matches, never a payment
-- by itself (issue 23, rail two). A checkout has at most a few open reports: each takes one of its
-- numbered slots, unique while open, so concurrent posts cannot exceed them; one bank reference is
-- reported once per checkout while open.
CREATE TABLE payer_reports (
    id               uuid PRIMARY KEY,
    company_id       uuid        NOT NULL REFERENCES companies (id),
    checkout_id      uuid        NOT NULL REFERENCES checkouts (id),
    slot             integer     NOT NULL CHECK (slot BETWEEN 1 AND 10),
    bank             text        NOT NULL CHECK (length(bank) BETWEEN 1 AND 60),
    phone            text        NOT NULL CHECK (phone ~ '^[0-9]{7,15}$'),
    bank_reference   text        NOT NULL CHECK (bank_reference ~ '^[A-Z0-9]{4,30}$'),
    paid_on          date        NOT NULL,
    amount_minor     bigint      NOT NULL CHECK (amount_minor > 0),
    currency         text        NOT NULL,
    status           text        NOT NULL CHECK (status IN ('OPEN', 'MATCHED')),
    matched_entry_id uuid        REFERENCES bank_statement_entries (id),
    created_at       timestamptz NOT NULL,
    matched_at       timestamptz
);

CREATE UNIQUE INDEX payer_reports_open_slot ON payer_reports (checkout_id, slot) WHERE status = 'OPEN';
CREATE UNIQUE INDEX payer_reports_open_reference ON payer_reports (checkout_id, bank_reference) WHERE status = 'OPEN';
CREATE INDEX payer_reports_open_company ON payer_reports (company_id, currency, created_at) WHERE status = 'OPEN';
