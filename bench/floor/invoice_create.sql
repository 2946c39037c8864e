-- The floor of one POST /v1/invoices (bench/README.md, "The floor"): the fewest statements that
-- leave the rows the service leaves for a new customer's invoice, in one transaction. Run by
-- bench/floor.sh with pgbench -M prepared, -D key_hash=<the public key's hash> and -D partner=source:bench-erp.
--
-- 1. The key lookup, as the service's, in autocommit: the caller is known before any work.
SELECT k.id, k.lineage_id, k.company_id, k.name, k.key_prefix, k.key_hash, k.permissions, k.source, k.environment, k.rate_limit_rpm, k.created_at, k.revoked_at, k.last_used_at, c.enabled AS company_enabled, c.reference_currency AS company_currency FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.key_hash = :key_hash \gset key_
-- 2. Everything else in one statement, its own transaction: the key's last use (at most once a
-- minute), the rate-limit counter, the idempotency record complete with its answer (a resend
-- collides on its unique key and the statement fails as a whole: the replay path then reads the
-- stored answer), the customer (or the existing one of that tax id), the document, the
-- DOCUMENT_ISSUED transfer with its receivable account and two entries (the billing account exists),
-- the checkout, the invoice.created event and its webhook fan-out. Ids and the reference come from
-- the ids row, as the service makes them in Java; the stored answer and the event body are as long
-- as the service's (1,140 and 1,264 characters), written by the application, not built in SQL.
WITH ids AS (
    SELECT gen_random_uuid() AS doc, gen_random_uuid() AS customer, gen_random_uuid() AS global_customer,
        gen_random_uuid() AS transfer, gen_random_uuid() AS checkout, gen_random_uuid() AS event,
        gen_random_uuid() AS receivable, substr(md5(random()::text), 1, 12) AS ref, now() AS at
), key_used AS (
    UPDATE api_keys SET last_used_at = now()
    WHERE id = :key_id::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
), hits AS (
    INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits)
    VALUES (concat_ws(':', 'public', :key_id::text, 'POST', '/v1/invoices'), date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1
), claim AS (
    INSERT INTO idempotency_records (company_id, is_test, partner, operation, idempotency_key, fingerprint, response_status, response_body, created_at, completed_at)
    SELECT :key_company_id::uuid, true, :partner::text, 'public_invoices.create', 'inv-' || ref,
        'v2:' || '0d2478c8636ca383a1c1aed48b90c77d13faaa700826d1a9e5c0d7d3c0e1b7f2', 201,
        '{"id":"' || doc || '","invoice":"' || repeat('x', 1140 - 52) || '"}', at, at
    FROM ids
), customer AS (
    INSERT INTO customers (id, customer_id, company_id, is_test, name, email, tax_id, tax_id_normalized, status, created_at, updated_at)
    SELECT customer, global_customer, :key_company_id::uuid, true, 'Factura ' || ref, 'ana@example.test', 'V-' || ref, 'V' || upper(ref), 'created', at, at
    FROM ids
    ON CONFLICT (company_id, is_test, tax_id_normalized) WHERE tax_id_normalized IS NOT NULL DO NOTHING
    RETURNING id
), document AS (
    INSERT INTO collection_documents (id, company_id, is_test, source, external_document_id, provider_id, customer_id, channel, reference, name, email, currency, total_minor, applied_minor, balance_minor, status, version, created_at, updated_at)
    SELECT doc, :key_company_id::uuid, true, 'bench-erp', 'INV-' || ref, 'INV-' || ref,
        COALESCE((SELECT id FROM customer), (SELECT id FROM customers WHERE company_id = :key_company_id::uuid AND is_test AND tax_id_normalized = 'V' || upper(ref))),
        'public_invoice', 'V-' || ref, 'Factura ' || ref, 'ana@example.test', 'USD', 2000, 0, 2000, 'CREATED', 0, at, at
    FROM ids
), transfer AS (
    INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at)
    SELECT transfer, :key_company_id::uuid, true, 'DOCUMENT_ISSUED', doc, NULL, at FROM ids
), account AS (
    INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)
    SELECT receivable, :key_company_id::uuid, true, 'receivable:' || doc, 'USD', at FROM ids
), entries AS (
    INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)
    SELECT transfer, receivable, 'USD', 2000, at FROM ids
    UNION ALL
    SELECT transfer, (SELECT id FROM ledger_accounts WHERE company_id = :key_company_id::uuid AND is_test AND code = 'billing' AND currency = 'USD'), 'USD', -2000, at FROM ids
), checkout AS (
    INSERT INTO checkouts (id, company_id, is_test, document_id, source, currency, amount_minor, title, description, status, created_at, updated_at)
    SELECT checkout, :key_company_id::uuid, true, doc, 'bench-erp', 'USD', 2000, 'Factura ' || ref, 'Factura ' || ref, 'PENDING', at, at FROM ids
), event AS (
    INSERT INTO outbox_events (id, company_id, is_test, type, body, created_at)
    SELECT event, :key_company_id::uuid, true, 'invoice.created', '{"id":"' || event || '","invoice":"' || repeat('x', 1264 - 52) || '"}', at FROM ids
), deliveries AS (
    INSERT INTO webhook_deliveries (id, event_id, endpoint_id, company_id, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT gen_random_uuid(), ids.event, e.id, e.company_id, 'PENDING', 0, at, at, at
    FROM webhook_endpoints e, ids
    WHERE e.company_id = :key_company_id::uuid AND e.is_test AND e.deleted_at IS NULL AND 'invoice.created' = ANY (e.events)
)
SELECT doc FROM ids;
