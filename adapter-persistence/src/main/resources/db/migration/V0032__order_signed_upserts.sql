-- The newest Service-Timestamp accepted for each customer and document a partner upserts
-- (docs/decisions.md, "Stale upserts"), by the partner's own names for them: an upsert signed
-- earlier answers 409 stale_write and changes nothing. A table of its own rather than a column of
-- the record: an upsert that changes nothing still advances the time, and any write of a document
-- would move it in the partners' change feed. One conditional upsert per write reads and advances
-- the rows it names, and holds them until the write's transaction ends.
CREATE TABLE signed_upserts (
    company_id  uuid        NOT NULL,
    is_test     boolean     NOT NULL,
    source      text        NOT NULL,
    record      text        NOT NULL CHECK (record IN ('customer', 'document')),
    external_id text        NOT NULL,
    signed_at   timestamptz NOT NULL,
    PRIMARY KEY (company_id, is_test, source, record, external_id)
);
