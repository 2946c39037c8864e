-- One row per tenant, operation and idempotency key: the claim, and the answer to replay.
CREATE TABLE idempotency_records (
    company_id      uuid        NOT NULL,
    is_test         boolean     NOT NULL,
    operation       text        NOT NULL,
    idempotency_key text        NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    fingerprint     text        NOT NULL,
    response_status integer     NULL,
    response_body   text        NULL,
    created_at      timestamptz NOT NULL,
    completed_at    timestamptz NULL,
    PRIMARY KEY (company_id, is_test, operation, idempotency_key)
);

-- The transactional outbox: events written with the change they report.
CREATE TABLE outbox_events (
    id         uuid PRIMARY KEY,
    company_id uuid        NOT NULL REFERENCES companies (id),
    is_test    boolean     NOT NULL,
    type       text        NOT NULL,
    body       text        NOT NULL,
    created_at timestamptz NOT NULL
);

CREATE TABLE webhook_endpoints (
    id         uuid PRIMARY KEY,
    company_id uuid        NOT NULL REFERENCES companies (id),
    url        text        NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
    events     text[]      NOT NULL,
    secret     text        NOT NULL,
    created_at timestamptz NOT NULL,
    deleted_at timestamptz NULL
);
CREATE INDEX webhook_endpoints_company ON webhook_endpoints (company_id) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
    id              uuid PRIMARY KEY,
    event_id        uuid        NOT NULL REFERENCES outbox_events (id),
    endpoint_id     uuid        NOT NULL REFERENCES webhook_endpoints (id),
    company_id      uuid        NOT NULL,
    status          text        NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'DEAD')),
    attempts        integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at timestamptz NULL,
    leased_until    timestamptz NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);

CREATE TABLE webhook_attempts (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery_id   uuid        NOT NULL REFERENCES webhook_deliveries (id),
    attempted_at  timestamptz NOT NULL,
    duration_ms   bigint      NOT NULL,
    status_code   integer     NULL,
    error         text        NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempted_at);

-- Durable background jobs, leased by one instance at a time.
CREATE TABLE jobs (
    id                  uuid PRIMARY KEY,
    company_id          uuid        NOT NULL REFERENCES companies (id),
    is_test             boolean     NOT NULL,
    kind                text        NOT NULL,
    source              text        NOT NULL,
    status              text        NOT NULL CHECK (status IN ('PENDING', 'DONE')),
    leased_until        timestamptz NULL,
    documents_processed integer     NULL,
    created_at          timestamptz NOT NULL,
    completed_at        timestamptz NULL
);
CREATE INDEX jobs_pending ON jobs (created_at) WHERE status = 'PENDING';
