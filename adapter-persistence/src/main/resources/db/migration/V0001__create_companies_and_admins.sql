-- Tenants and the people who administer them.
CREATE TABLE companies (
    id                 uuid PRIMARY KEY,
    name               text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    -- The financial configuration: NULL means money operations answer 503 until an operator sets it.
    reference_currency text        NULL CHECK (reference_currency ~ '^[A-Z]{3}$'),
    enabled            boolean     NOT NULL,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
);

CREATE TABLE admin_users (
    id            uuid PRIMARY KEY,
    company_id    uuid        NOT NULL REFERENCES companies (id),
    -- Stored trimmed and in lower case; the login name, unique across Recaudo.
    email         text        NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 200),
    password_hash text        NOT NULL,
    created_at    timestamptz NOT NULL
);
CREATE INDEX admin_users_company ON admin_users (company_id);

-- WhatsApp Cloud API phone numbers through which a company messages its customers.
CREATE TABLE whatsapp_origins (
    id                   uuid PRIMARY KEY,
    company_id           uuid        NOT NULL REFERENCES companies (id),
    phone_number_id      text        NOT NULL UNIQUE CHECK (length(phone_number_id) BETWEEN 1 AND 64),
    display_phone_number text        NOT NULL CHECK (length(display_phone_number) BETWEEN 1 AND 32),
    created_at           timestamptz NOT NULL
);
CREATE INDEX whatsapp_origins_company ON whatsapp_origins (company_id);
