-- Customers of a company. One row per tax identity (when known) per company and environment;
-- partners' identities for the customer live in customer_links.
CREATE TABLE customers (
    id                uuid PRIMARY KEY,          -- companyCustomerId
    customer_id       uuid        NOT NULL UNIQUE, -- customerId, the customer's global id
    company_id        uuid        NOT NULL REFERENCES companies (id),
    is_test           boolean     NOT NULL,
    type              text        NULL CHECK (type IN ('individual', 'business')),
    name              text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    email             text        NULL CHECK (length(email) <= 200),
    phone             text        NULL CHECK (length(phone) <= 32),
    tax_id            text        NULL CHECK (length(tax_id) <= 255),
    tax_id_normalized text        NULL CHECK (length(tax_id_normalized) <= 255),
    customer_code     text        NULL CHECK (length(customer_code) <= 100),
    status            text        NOT NULL DEFAULT 'created',
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL
);
CREATE UNIQUE INDEX customers_tax_identity ON customers (company_id, is_test, tax_id_normalized)
    WHERE tax_id_normalized IS NOT NULL;
-- Keyset pagination of the integrations list: newest update first.
CREATE INDEX customers_updated ON customers (company_id, is_test, updated_at DESC, id DESC);

CREATE TABLE customer_links (
    company_id           uuid        NOT NULL,
    is_test              boolean     NOT NULL,
    source               text        NOT NULL CHECK (length(source) BETWEEN 1 AND 64),
    external_customer_id text        NOT NULL CHECK (length(external_customer_id) BETWEEN 1 AND 255),
    customer_id          uuid        NOT NULL REFERENCES customers (id),
    created_at           timestamptz NOT NULL,
    PRIMARY KEY (company_id, is_test, source, external_customer_id)
);
CREATE INDEX customer_links_customer ON customer_links (customer_id);

-- The central collection document. The public invoice API and the integrations API are two views
-- of these rows (docs/reference/document-model.md).
CREATE TABLE collection_documents (
    id                   uuid PRIMARY KEY,
    company_id           uuid        NOT NULL REFERENCES companies (id),
    is_test              boolean     NOT NULL,
    source               text        NOT NULL CHECK (length(source) BETWEEN 1 AND 64),
    -- The partner's stable identity of the document: provider_id, externalDocumentId, or for a
    -- public invoice created without provider_id, 'x-idempotency:' followed by its idempotency key.
    external_document_id text        NOT NULL CHECK (length(external_document_id) BETWEEN 1 AND 300),
    provider_id          text        NULL CHECK (length(provider_id) BETWEEN 1 AND 255),
    customer_id          uuid        NOT NULL REFERENCES customers (id),
    customer_external_id text        NULL CHECK (length(customer_external_id) BETWEEN 1 AND 255),
    channel              text        NOT NULL CHECK (channel IN ('public_invoice', 'integration')),
    reference            text        NULL CHECK (length(reference) BETWEEN 1 AND 255),
    name                 text        NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
    description          text        NULL CHECK (length(description) <= 2000),
    phone                text        NULL CHECK (length(phone) <= 32),
    email                text        NULL CHECK (length(email) <= 200),
    invoice_number       text        NULL CHECK (length(invoice_number) <= 100),
    issue_date           timestamptz NULL,
    due_at               timestamptz NULL,
    metadata             json        NULL, -- json, not jsonb: kept byte for byte, key order included
    remarks              text        NULL,
    currency             text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    total_minor          bigint      NOT NULL CHECK (total_minor >= 0),
    applied_minor        bigint      NOT NULL CHECK (applied_minor >= 0 AND applied_minor <= total_minor),
    -- What is still owed; zero once annulled. Always equal to the ledger balance of the receivable.
    balance_minor        bigint      NOT NULL CHECK (balance_minor >= 0 AND balance_minor <= total_minor - applied_minor),
    status               text        NOT NULL CHECK (status IN ('CREATED', 'PAID', 'CONCILIATED', 'PAID_FROM_PROVIDER',
                                                                'DELETE_FROM_PROVIDER', 'FAILED')),
    version              bigint      NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    UNIQUE (company_id, is_test, source, external_document_id)
);
CREATE INDEX collection_documents_created ON collection_documents (company_id, is_test, source, created_at, id);
CREATE INDEX collection_documents_updated ON collection_documents (company_id, is_test, updated_at, id);
CREATE INDEX collection_documents_customer ON collection_documents (customer_id);
