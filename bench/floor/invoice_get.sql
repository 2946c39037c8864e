-- The floor of one GET /v1/invoices/{invoiceId} (bench/README.md, "Reads"): the invoice with its
-- current checkout, and the two rows a read leaves (the key's last use, at most once a minute, and
-- the route's rate-limit counter). Run by bench/floor.sh with pgbench -M prepared, -D key_hash=<the
-- public key's hash> and -D partner=source:bench-erp, on a database floor_setup.sql has prepared:
-- the invoice is drawn from bench_invoices, the first 1,000 the service's invoice_create made, as
-- Reads.java draws from the first 1,000 it kept (-D invoices=<rows of bench_invoices>).
\set pick random(1, :invoices)
-- 1. The key lookup, as the service's, in autocommit.
SELECT k.id, k.lineage_id, k.company_id, k.name, k.key_prefix, k.key_hash, k.permissions, k.source, k.environment, k.rate_limit_rpm, k.created_at, k.revoked_at, k.last_used_at, c.enabled AS company_enabled, c.reference_currency AS company_currency FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.key_hash = :key_hash \gset key_
-- 2. The counters and the invoice in one statement: the document and its latest checkout revision
-- (the answer's "payment"), within the key's company.
WITH key_used AS (
    UPDATE api_keys SET last_used_at = now()
    WHERE id = :key_id::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
), hits AS (
    INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits)
    VALUES (concat_ws(':', 'public', :key_id::text, 'GET', '/v1/invoices/{invoiceId}'), date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1
)
SELECT d.id, d.name, d.description, d.total_minor, d.currency, d.source, d.provider_id, d.reference, d.status, d.remarks, d.metadata::text, d.phone, d.email, d.due_at, d.created_at, d.updated_at, d.is_test,
    k.id AS checkout_id, k.source AS checkout_source, k.currency AS checkout_currency, k.amount_minor, k.title, k.description AS checkout_description, k.phone AS checkout_phone, k.due_at AS checkout_due_at, k.status AS checkout_status, k.provider_payment_id, k.paid_at, k.created_at AS checkout_created_at
FROM collection_documents d
LEFT JOIN LATERAL (
    SELECT * FROM checkouts k WHERE k.company_id = d.company_id AND k.is_test = d.is_test AND k.document_id = d.id
    ORDER BY k.created_at DESC, k.id DESC LIMIT 1
) k ON true
WHERE d.id = (SELECT id FROM bench_invoices WHERE i = :pick) AND d.company_id = :key_company_id::uuid AND d.is_test;
