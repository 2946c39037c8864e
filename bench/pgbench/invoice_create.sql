-- One POST /v1/invoices as the service runs it against PostgreSQL: the statements and transactions
-- of a new customer's invoice, in the order the service sends them (captured from both variants;
-- bench/README.md). Run by bench/run.sh with pgbench -M prepared and these -D variables:
-- company, key_id, key_hash, bucket (the key's public rate-limit bucket) and partner (source:bench-erp).
-- Ids come from gen_random_uuid() in one extra SELECT (the service makes them in Java), and the
-- two JSON texts the service stores (event body, idempotent answer) are made as long as the real
-- ones with repeat().

-- The key, its last use and its rate-limit counter: one statement each, before the work.
SELECT k.id, k.lineage_id, k.company_id, k.name, k.key_prefix, k.key_hash, k.permissions, k.source, k.environment, k.rate_limit_rpm, k.created_at, k.revoked_at, k.last_used_at, c.enabled AS company_enabled, c.reference_currency AS company_currency FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.key_hash = :key_hash;
UPDATE api_keys SET last_used_at = now() WHERE id = :key_id AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute');
INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits) VALUES (:bucket, date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1) ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1 RETURNING c.hits;

-- The work: idempotency claim, customer, document, receivable transfer, checkout, event, answer.
BEGIN;
SELECT gen_random_uuid() AS doc, gen_random_uuid() AS customer, gen_random_uuid() AS global_customer, gen_random_uuid() AS transfer, gen_random_uuid() AS checkout, gen_random_uuid() AS event, gen_random_uuid() AS idem, gen_random_uuid() AS receivable_new, gen_random_uuid() AS billing_new \gset
SELECT set_config('lock_timeout', '10000ms', true);
INSERT INTO idempotency_records (company_id, is_test, partner, operation, idempotency_key, fingerprint, request_signature, created_at) VALUES (:company, true, :partner, 'public_invoices.create', :idem, 'v2:0d2478c8636ca383a1c1aed48b90c77d13faaa700826d1a9e5c0d7d3c0e1b7f2', NULL, now()) ON CONFLICT DO NOTHING;
SELECT set_config('lock_timeout', '0', true);
SELECT pg_advisory_xact_lock(hashtextextended('customer:' || :customer::text, 0));
SELECT * FROM customers WHERE company_id = :company AND is_test = true AND tax_id_normalized = :customer;
INSERT INTO customers (id, customer_id, company_id, is_test, type, name, email, phone, tax_id, tax_id_normalized, customer_code, status, created_at, updated_at) VALUES (:customer, :global_customer, :company, true, NULL, 'Factura bench', 'ana@example.test', NULL, :customer, :customer, NULL, 'created', now(), now());
INSERT INTO collection_documents (id, company_id, is_test, source, external_document_id, provider_id, customer_id, customer_external_id, channel, reference, name, description, phone, email, invoice_number, issue_date, due_at, metadata, remarks, currency, total_minor, applied_minor, balance_minor, status, version, created_at, updated_at) VALUES (:doc, :company, true, 'bench-erp', :doc, :doc, :customer, NULL, 'public_invoice', :customer, 'Factura bench', NULL, NULL, 'ana@example.test', NULL, NULL, NULL, NULL, NULL, 'USD', 2000, 0, 2000, 'CREATED', 0, now(), now());
INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at) VALUES (:transfer, :company, true, 'DOCUMENT_ISSUED', :doc, NULL, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:receivable_new, :company, true, 'receivable:' || :doc::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS receivable FROM ledger_accounts WHERE company_id = :company AND is_test = true AND code = 'receivable:' || :doc::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:transfer, :receivable, 'USD', 2000, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:billing_new, :company, true, 'billing', 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS billing FROM ledger_accounts WHERE company_id = :company AND is_test = true AND code = 'billing' AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:transfer, :billing, 'USD', -2000, now());
INSERT INTO checkouts (id, company_id, is_test, document_id, source, currency, amount_minor, title, description, phone, due_at, status, provider_payment_id, paid_at, created_at, updated_at) VALUES (:checkout, :company, true, :doc, 'bench-erp', 'USD', 2000, 'Factura bench', 'Factura bench', NULL, NULL, 'PENDING', NULL, NULL, now(), now());
INSERT INTO outbox_events (id, company_id, is_test, type, body, created_at) VALUES (:event, :company, true, 'invoice.created', '{"invoice":"' || repeat('x', 1600) || '"}', now());
INSERT INTO webhook_deliveries (id, event_id, endpoint_id, company_id, status, attempts, next_attempt_at, created_at, updated_at) SELECT gen_random_uuid(), :event, e.id, e.company_id, 'PENDING', 0, now(), now(), now() FROM webhook_endpoints e WHERE e.company_id = :company AND e.is_test = true AND e.deleted_at IS NULL AND 'invoice.created' = ANY (e.events);
UPDATE idempotency_records SET response_status = 201, response_body = '{"invoice":"' || repeat('x', 1500) || '"}', completed_at = now() WHERE company_id = :company AND is_test = true AND partner = :partner AND operation = 'public_invoices.create' AND idempotency_key = :idem;
COMMIT;
