-- The sessions a checkout opened at a card processor's hosted page (issue 23). A row is reserved
-- ('opening', numbered n, so the processor's idempotency key recaudo-session-<checkout_id>-<n> is
-- fixed) before the processor is called, and gets the session's id and URL when it answers. At most
-- one session per checkout is opening or open.
CREATE TABLE card_sessions (
    checkout_id  uuid        NOT NULL,
    n            integer     NOT NULL CHECK (n >= 1),
    company_id   uuid        NOT NULL REFERENCES companies (id),
    is_test      boolean     NOT NULL,
    rail         text        NOT NULL CHECK (length(rail) <= 40),
    session_id   text        NULL CHECK (length(session_id) <= 255),
    url          text        NULL CHECK (length(url) <= 2048),
    amount_minor bigint      NOT NULL CHECK (amount_minor >= 1),
    currency     text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    state        text        NOT NULL CHECK (state IN ('opening', 'open', 'complete', 'expired')),
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    PRIMARY KEY (checkout_id, n),
    CHECK ((state = 'opening') = (session_id IS NULL)),
    CHECK ((session_id IS NULL) = (url IS NULL))
);
CREATE UNIQUE INDEX card_sessions_session ON card_sessions (session_id);
CREATE UNIQUE INDEX card_sessions_one_live ON card_sessions (checkout_id) WHERE state IN ('opening', 'open');
-- The reconciliation's question: live sessions of an environment, the longest unchanged first.
CREATE INDEX card_sessions_live ON card_sessions (is_test, updated_at) WHERE state IN ('opening', 'open');
