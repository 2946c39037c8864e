-- Imported bank statements and their entries (issue 23, rail two). An entry is identified by its
-- account and the bank's reference when the bank gave one, else by its statement id and line
-- ("ref:..." or "line:<statement>:<n>" in identity): the unique index makes a re-imported or
-- overlapping statement add only the entries not seen before, from any instance at once.
CREATE TABLE bank_statements (
    id                     uuid PRIMARY KEY,
    company_id             uuid        NOT NULL REFERENCES companies (id),
    account_id             uuid        NOT NULL REFERENCES receiving_accounts (id),
    statement_ref          text        NOT NULL CHECK (length(statement_ref) BETWEEN 1 AND 200),
    format                 text        NOT NULL CHECK (format IN ('camt.053', 'csv')),
    opening_minor          bigint,
    closing_minor          bigint,
    previous_closing_minor bigint,
    gap                    boolean     NOT NULL,
    status                 text        NOT NULL CHECK (status IN ('IMPORTING', 'IMPORTED', 'FAILED')),
    failure                text,
    entries_new            integer     NOT NULL DEFAULT 0,
    entries_seen           integer     NOT NULL DEFAULT 0,
    matched                integer     NOT NULL DEFAULT 0,
    proposed               integer     NOT NULL DEFAULT 0,
    unmatched              integer     NOT NULL DEFAULT 0,
    created_at             timestamptz NOT NULL,
    completed_at           timestamptz
);

CREATE INDEX bank_statements_account ON bank_statements (account_id, created_at);
CREATE INDEX bank_statements_company ON bank_statements (company_id, created_at);

CREATE TABLE bank_statement_entries (
    id            uuid PRIMARY KEY,
    company_id    uuid        NOT NULL REFERENCES companies (id),
    account_id    uuid        NOT NULL REFERENCES receiving_accounts (id),
    statement_id  uuid        NOT NULL REFERENCES bank_statements (id),
    line_number   integer     NOT NULL CHECK (line_number >= 1),
    identity      text        NOT NULL CHECK (length(identity) <= 600),
    credit        boolean     NOT NULL,
    reversal      boolean     NOT NULL,
    amount_minor  bigint      NOT NULL CHECK (amount_minor >= 1),
    currency      text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    booking_date  date        NOT NULL,
    value_date    date,
    bank_reference text,
    end_to_end_id text,
    remittance    text        NOT NULL,
    payer_name    text,
    payer_id      text,
    status        text        NOT NULL CHECK (status IN ('UNMATCHED', 'MATCHED', 'PROPOSED', 'REVERSED')),
    checkout_id   uuid,
    created_at    timestamptz NOT NULL,
    UNIQUE (account_id, identity)
);

CREATE INDEX bank_statement_entries_statement ON bank_statement_entries (statement_id, line_number);
