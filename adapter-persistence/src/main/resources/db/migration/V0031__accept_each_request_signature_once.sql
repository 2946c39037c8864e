-- A signed integrations write is accepted once (docs/decisions.md, "A signature is accepted once").
-- Its idempotency claim keeps the 32 bytes of its Service-Signature, unique within the company, so
-- the same signed bytes resent under another Idempotency-Key conflict with the claim, on every
-- instance, and the claim's own insert is the check. A claim of a request that rolled back takes
-- its signature with it. Unsigned claims (public invoices, external payments) keep NULL, which the
-- partial index leaves out; the column has no default, so adding it rewrites no row.
ALTER TABLE idempotency_records
    ADD COLUMN request_signature bytea NULL CHECK (octet_length(request_signature) = 32);

CREATE UNIQUE INDEX idempotency_records_signature ON idempotency_records (company_id, request_signature)
    WHERE request_signature IS NOT NULL;
