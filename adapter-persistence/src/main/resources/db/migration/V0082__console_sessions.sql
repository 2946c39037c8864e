-- The company console's sessions (docs/console.md). The id is in the browser's cookie only; the
-- table keeps its SHA-256, so a copy of it signs no one in. Read on every console request by
-- whichever instance serves it, so a session ended on one instance is refused on all of them.
CREATE TABLE console_sessions (
    id_hash       bytea PRIMARY KEY CHECK (octet_length(id_hash) = 32),
    company_id    uuid NOT NULL REFERENCES companies (id),
    admin_user_id uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    environment   text NOT NULL CHECK (environment IN ('live', 'test')),
    created_at    timestamptz NOT NULL,
    last_seen_at  timestamptz NOT NULL,
    ends_at       timestamptz NOT NULL CHECK (ends_at > created_at),
    ended_at      timestamptz
);

-- The janitor removes sessions a day after their end, whether they were signed out or ran out.
CREATE INDEX console_sessions_ends_at ON console_sessions (ends_at);
