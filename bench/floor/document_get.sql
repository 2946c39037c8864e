-- The floor of one GET /integrations/v1/{companyId}/collection-documents/{externalDocumentId}
-- (bench/README.md, "Reads"): document RD-rank, rank drawn uniformly from 1 to 100, through one of
-- the four keys of its company, as Reads.java sends them; the document with its customer, its lines
-- and its applied payments, and the two rows a read leaves (the key's last use, at most once a
-- minute, and the key's integrations rate-limit counter). Run by bench/floor.sh with pgbench
-- -M prepared and -D partner=source:bench-erp on a database floor_setup.sql has prepared.
\set rank random(1, 100)
\set key ((:rank - 1) % 4) * 4 + random(0, 3)
-- 1. The key lookup, as the service's, in autocommit (the key's hash found by its number).
SELECT k.id, k.lineage_id, k.company_id, k.name, k.key_prefix, k.key_hash, k.permissions, k.source, k.environment, k.rate_limit_rpm, k.created_at, k.revoked_at, k.last_used_at, c.enabled AS company_enabled, c.reference_currency AS company_currency FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.key_hash = (SELECT key_hash FROM bench_keys WHERE i = :key) \gset key_
-- 2. The counters and the document in one statement.
WITH key_used AS (
    UPDATE api_keys SET last_used_at = now()
    WHERE id = :key_id::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
), hits AS (
    INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits)
    VALUES ('integrations:' || :key_id::text, date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1
)
SELECT d.id, d.customer_id, d.source, d.external_document_id, d.customer_external_id, d.currency, d.total_minor, d.applied_minor, d.balance_minor, d.status, d.invoice_number, d.description, d.issue_date, d.due_at, d.metadata::text, d.created_at, d.updated_at,
    c.customer_id AS global_customer_id, c.name AS customer_name, c.email AS customer_email,
    ARRAY(SELECT ROW(l.position, l.quantity, l.unit_amount_minor, l.amount_minor, l.description, l.period_start, l.period_end)::text
        FROM document_lines l WHERE l.document_id = d.id ORDER BY l.position) AS lines,
    ARRAY(SELECT ROW(p.id, a.amount_minor, p.source, p.external_payment_id, p.kind, a.currency, a.applied_at)::text
        FROM payment_applications a JOIN payments p ON p.id = a.payment_id
        WHERE a.company_id = d.company_id AND a.is_test = d.is_test AND a.document_id = d.id ORDER BY a.applied_at, a.id) AS applied
FROM collection_documents d JOIN customers c ON c.id = d.customer_id
WHERE d.company_id = :key_company_id::uuid AND d.is_test AND d.source = 'bench-erp' AND d.external_document_id = 'RD-' || :rank::text;
