-- The catalog the checkout helper sells from, one product per SKU and company.
CREATE TABLE products (
    id           uuid PRIMARY KEY,
    company_id   uuid        NOT NULL REFERENCES companies (id),
    sku          text        NOT NULL CHECK (length(sku) BETWEEN 1 AND 100),
    name         text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    description  text        NULL CHECK (length(description) <= 2000),
    amount_minor bigint      NOT NULL CHECK (amount_minor >= 0),
    currency     text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    status       text        NOT NULL CHECK (status IN ('active', 'inactive')),
    metadata     jsonb       NULL,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    UNIQUE (company_id, sku)
);

-- Payments created through the external payments API.
CREATE TABLE external_payments (
    id                 uuid PRIMARY KEY,
    company_id         uuid        NOT NULL REFERENCES companies (id),
    is_test            boolean     NOT NULL,
    api_key_id         uuid        NOT NULL REFERENCES api_keys (id),
    mode               text        NOT NULL CHECK (mode IN ('hosted', 'direct')),
    status             text        NOT NULL CHECK (status IN ('pending', 'completed', 'cancelled')),
    amount_minor       bigint      NOT NULL CHECK (amount_minor >= 1),
    currency           text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    callback_url       text        NULL CHECK (length(callback_url) <= 2048),
    external_reference text        NULL CHECK (length(external_reference) <= 255),
    invoice_id         uuid        NULL,
    payment_id         uuid        NULL,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
);
CREATE INDEX external_payments_created ON external_payments (company_id, is_test, created_at DESC, id DESC);
