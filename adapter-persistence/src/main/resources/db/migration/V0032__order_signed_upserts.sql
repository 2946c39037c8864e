-- The newest Service-Timestamp applied to each customer and document a partner upserts
-- (docs/decisions.md, "Stale upserts"), by the partner's own names for them, so that an upsert
-- signed earlier answers 409 stale_write and changes nothing. A row of its own rather than a column
-- of the record: an upsert that changes nothing still advances the time, and writing it on the
-- document would stamp a change the partner's sync feed then shows. Every upsert writes its rows
-- in one statement before it locks the customer, so a row is also the order of writers.
CREATE TABLE signed_upserts (
    company_id  uuid        NOT NULL,
    is_test     boolean     NOT NULL,
    source      text        NOT NULL,
    record      text        NOT NULL CHECK (record IN ('customer', 'document')),
    external_id text        NOT NULL,
    signed_at   timestamptz NOT NULL,
    PRIMARY KEY (company_id, is_test, source, record, external_id)
);
