CREATE TABLE api_keys (
    id             uuid PRIMARY KEY,
    company_id     uuid        NOT NULL REFERENCES companies (id),
    name           text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    key_prefix     text        NOT NULL CHECK (length(key_prefix) = 12),
    -- SHA-256 of the full key text, lower-case hex. The key text itself is never stored.
    key_hash       text        NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
    permissions    text[]      NOT NULL,
    source         text        NULL CHECK (length(source) BETWEEN 1 AND 64),
    environment    text        NOT NULL CHECK (environment IN ('live', 'test')),
    rate_limit_rpm integer     NOT NULL CHECK (rate_limit_rpm BETWEEN 1 AND 100000),
    created_at     timestamptz NOT NULL,
    revoked_at     timestamptz NULL,
    last_used_at   timestamptz NULL
);
CREATE INDEX api_keys_company_active ON api_keys (company_id) WHERE revoked_at IS NULL;
