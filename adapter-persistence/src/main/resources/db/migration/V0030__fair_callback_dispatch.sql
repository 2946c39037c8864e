-- Fair callback dispatch (docs/decisions.md, "Fair dispatch"). Caps and pauses apply per company and
-- per callback origin: the URL's scheme, host and port, in lower case, without a default port, so that
-- https://Shop.example:443/a and https://shop.example/b are one origin. Computed by the database from
-- the URL, for every row alike, old and new; a URL without a scheme (none passes the target check)
-- is its own origin.
ALTER TABLE external_payment_callbacks ADD COLUMN origin text GENERATED ALWAYS AS (coalesce(
    regexp_replace(regexp_replace(lower(substring(url FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*')),
        '^(https://.*):443$', '\1'), '^(http://.*):80$', '\1'),
    url)) STORED;

-- The claim reads each origin's oldest queued callbacks of a lane, and its attempts in flight.
CREATE INDEX external_payment_callbacks_queued_by_origin ON external_payment_callbacks (is_test, company_id, origin, created_at, id)
    WHERE status = 'queued';

-- How a company's callback origin has been answering: failed attempts in a row, pauses in a row and
-- the end (excluded) of the last pause, as webhook_endpoints keeps them for an endpoint (V0029). Keyed
-- by the company and its environment too: one company's failures never pause another's callbacks to
-- the same host, nor its test traffic its live traffic. A success deletes the row; the janitor deletes
-- rows left unchanged for the callbacks' retention.
CREATE TABLE callback_target_health (
    company_id           uuid        NOT NULL REFERENCES companies (id),
    is_test              boolean     NOT NULL,
    origin               text        NOT NULL CHECK (length(origin) BETWEEN 1 AND 2048),
    consecutive_failures integer     NOT NULL CHECK (consecutive_failures >= 0),
    pauses               integer     NOT NULL CHECK (pauses >= 0),
    paused_until         timestamptz NULL,
    updated_at           timestamptz NOT NULL,
    PRIMARY KEY (company_id, is_test, origin),
    CHECK ((pauses > 0) = (paused_until IS NOT NULL))
);
CREATE INDEX callback_target_health_updated ON callback_target_health (updated_at);
