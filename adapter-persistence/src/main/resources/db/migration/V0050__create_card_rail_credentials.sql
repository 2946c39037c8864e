-- Issue 23: each company's credentials at a card rail (Stripe), set by its admin. Both values are sealed
-- at rest (SecretSealer, bound to this table, column and row id) and re-sealed with the other secrets.
-- One row per company and rail: a rotation replaces both at once.
CREATE TABLE card_rail_credentials (
    id             uuid PRIMARY KEY,
    company_id     uuid        NOT NULL REFERENCES companies (id),
    rail           text        NOT NULL CHECK (rail ~ '^[a-z]{1,32}$'),
    secret_key     text        NOT NULL,
    webhook_secret text        NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL,
    UNIQUE (company_id, rail)
);
