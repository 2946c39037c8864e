-- Lines of a document, replaced as a whole by an upsert.
CREATE TABLE document_lines (
    document_id       uuid        NOT NULL REFERENCES collection_documents (id),
    position          integer     NOT NULL CHECK (position >= 0),
    quantity          bigint      NOT NULL CHECK (quantity >= 1),
    unit_amount_minor bigint      NOT NULL CHECK (unit_amount_minor >= 0),
    amount_minor      bigint      NOT NULL CHECK (amount_minor = quantity * unit_amount_minor),
    description       text        NULL CHECK (length(description) <= 500),
    period_start      timestamptz NULL,
    period_end        timestamptz NULL,
    PRIMARY KEY (document_id, position)
);

-- Certified exchange rates with their provenance: who sent them, when, for which payment.
CREATE TABLE exchange_rates (
    id              uuid PRIMARY KEY,
    company_id      uuid        NOT NULL REFERENCES companies (id),
    is_test         boolean     NOT NULL,
    payment_id      uuid        NOT NULL REFERENCES payments (id),
    from_currency   text        NOT NULL,
    to_currency     text        NOT NULL,
    rate            text        NOT NULL CHECK (length(rate) <= 19),
    effective_date  date        NOT NULL,
    api_key_id      uuid        NULL,
    request_id      text        NULL,
    created_at      timestamptz NOT NULL
);

-- One record per write request of the integrations API, readable by the company by request id.
CREATE TABLE audit_records (
    id          uuid PRIMARY KEY,
    company_id  uuid        NOT NULL REFERENCES companies (id),
    is_test     boolean     NOT NULL,
    request_id  text        NOT NULL,
    api_key_id  uuid        NULL,
    operation   text        NOT NULL,
    http_status integer     NOT NULL,
    outcome     text        NOT NULL,
    detail      text        NULL,
    created_at  timestamptz NOT NULL
);
CREATE INDEX audit_records_request ON audit_records (company_id, request_id);
