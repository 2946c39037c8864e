-- The checkout helper writes: products belong to one environment (a test key never changes a live
-- price), and the customers the helper resolves by e-mail.
-- Every product so far was inserted by operators or tests for live use: they stay live.
ALTER TABLE products ADD COLUMN is_test boolean NOT NULL DEFAULT false;
ALTER TABLE products ALTER COLUMN is_test DROP DEFAULT;
ALTER TABLE products DROP CONSTRAINT products_company_id_sku_key;
ALTER TABLE products ADD CONSTRAINT products_company_environment_sku UNIQUE (company_id, is_test, sku);
ALTER TABLE products ADD CONSTRAINT products_metadata_object
    CHECK (metadata IS NULL OR jsonb_typeof(metadata) = 'object');

-- A payer known to a company's checkouts, found again by e-mail ignoring case. The table is new, so
-- no duplicates exist to merge; the unique index keeps concurrent resolves of one e-mail to one row.
-- customer_id is the payer's global id: the same for one e-mail across companies (see decisions.md).
CREATE TABLE checkout_customers (
    id                uuid PRIMARY KEY,
    company_id        uuid        NOT NULL REFERENCES companies (id),
    is_test           boolean     NOT NULL,
    customer_id       uuid        NOT NULL,
    email             text        NOT NULL CHECK (length(email) BETWEEN 3 AND 200),
    name              text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    phone             text        NULL CHECK (phone ~ '^\+[1-9][0-9]{7,14}$'),
    identity_document text        NULL CHECK (length(identity_document) BETWEEN 1 AND 64),
    created_at        timestamptz NOT NULL
);
CREATE UNIQUE INDEX checkout_customers_email ON checkout_customers (company_id, is_test, lower(email));
