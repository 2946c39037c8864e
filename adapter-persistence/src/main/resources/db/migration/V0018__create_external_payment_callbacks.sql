-- The callback a completed external payment owes its partner: one row per completion, written in the
-- completion's transaction. Its single attempt moves it from queued to attempting (committed before
-- the request leaves) and then to delivered or failed; an attempt whose lease runs out without a
-- result becomes unknown. No state leads back to queued, so a callback is never sent twice.
CREATE TABLE external_payment_callbacks (
    id                  uuid PRIMARY KEY,
    external_payment_id uuid        NOT NULL UNIQUE REFERENCES external_payments (id),
    company_id          uuid        NOT NULL REFERENCES companies (id),
    is_test             boolean     NOT NULL,
    url                 text        NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
    body                text        NOT NULL,
    status              text        NOT NULL CHECK (status IN ('queued', 'attempting', 'delivered', 'failed', 'unknown')),
    leased_until        timestamptz NULL,
    attempted_at        timestamptz NULL,
    status_code         integer     NULL,
    error               text        NULL CHECK (length(error) <= 500),
    duration_ms         bigint      NULL CHECK (duration_ms >= 0),
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL,
    CHECK ((status = 'queued') = (attempted_at IS NULL))
);
CREATE INDEX external_payment_callbacks_queued ON external_payment_callbacks (created_at) WHERE status = 'queued';
CREATE INDEX external_payment_callbacks_in_flight ON external_payment_callbacks (leased_until) WHERE status = 'attempting';

-- The secret that signs a company's external payment callbacks (shown by GET /companies/{id}/webhook-secret).
CREATE TABLE external_payment_secrets (
    company_id uuid PRIMARY KEY REFERENCES companies (id),
    secret     text        NOT NULL,
    created_at timestamptz NOT NULL,
    rotated_at timestamptz NULL
);
