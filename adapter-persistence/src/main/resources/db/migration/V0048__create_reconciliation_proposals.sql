-- A statement credit that paid nothing by itself, proposed for a pending checkout with a confidence
-- and a reason (issue 23, rail two); a person confirms or dismisses it, once: the status moves from
-- OPEN under a row lock, and the partial index keeps one open proposal per entry and checkout.
CREATE TABLE reconciliation_proposals (
    id          uuid PRIMARY KEY,
    company_id  uuid        NOT NULL REFERENCES companies (id),
    entry_id    uuid        NOT NULL REFERENCES bank_statement_entries (id),
    checkout_id uuid        NOT NULL REFERENCES checkouts (id),
    confidence  integer     NOT NULL CHECK (confidence BETWEEN 0 AND 100),
    reason      text        NOT NULL,
    status      text        NOT NULL CHECK (status IN ('OPEN', 'CONFIRMED', 'DISMISSED')),
    created_at  timestamptz NOT NULL,
    decided_at  timestamptz,
    UNIQUE (entry_id, checkout_id)
);

CREATE INDEX reconciliation_proposals_open ON reconciliation_proposals (company_id, created_at) WHERE status = 'OPEN';
