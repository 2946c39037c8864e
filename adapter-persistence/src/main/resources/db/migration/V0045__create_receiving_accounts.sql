-- The accounts a company's payers transfer into (issue 23, rail two). Exactly one of account number
-- and phone (instant payments such as Pago Movil are addressed by phone). A deactivated account stays:
-- the statements imported for it keep their account.
CREATE TABLE receiving_accounts (
    id             uuid PRIMARY KEY,
    company_id     uuid        NOT NULL REFERENCES companies (id),
    bank           text        NOT NULL CHECK (length(bank) BETWEEN 1 AND 100),
    account_number text        CHECK (length(account_number) BETWEEN 1 AND 64),
    phone          text        CHECK (length(phone) BETWEEN 1 AND 32),
    holder         text        NOT NULL CHECK (length(holder) BETWEEN 1 AND 200),
    currency       text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    active         boolean     NOT NULL DEFAULT true,
    created_at     timestamptz NOT NULL,
    deactivated_at timestamptz,
    CHECK ((account_number IS NULL) <> (phone IS NULL)),
    CHECK (active = (deactivated_at IS NULL))
);

CREATE INDEX receiving_accounts_company ON receiving_accounts (company_id, created_at);
