-- One verified payment of the floor harness's Zipf scenarios (bench/floor.sh) as the service runs it
-- against PostgreSQL: 1.00 USD of a new payment applied to open document ZD-rank of customer
-- ZC-rank, in the statements, order and transactions the service sends (captured on b3b038dd with
-- bench/probe.sh; bench/README.md). The yardstick of "service ÷ same statements" for those
-- scenarios, as verified_payment.sql is for run.sh's. Run with pgbench -M prepared -D s=1.001 (or
-- 2.0) -D partner=source:bench-erp -D source=bench-erp on a database floor/floor_setup.sql has
-- prepared. The document, key and company are drawn as floor/verified_payment.sql draws them; ids
-- come from one extra SELECT (the service makes them in Java); the stored answer is as long as the
-- service's. The document's first payment finds its checkout pending and cancels it; later ones
-- read it and leave it, as the service does, so the script updates only a pending checkout.
\set rank random_zipfian(1, 1000, :s)
\set key ((:rank - 1) % 4) * 4 + random(0, 3)

-- The key, its rate-limit counters and its last use: one statement each, before the work.
SELECT k.id, k.lineage_id, k.company_id, k.name, k.key_prefix, k.key_hash, k.permissions, k.source, k.environment, k.rate_limit_rpm, k.created_at, k.revoked_at, k.last_used_at, c.enabled AS company_enabled, c.reference_currency AS company_currency FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.key_hash = (SELECT key_hash FROM bench_keys WHERE i = :key) \gset key_
INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits) SELECT 'integrations:' || :key_id::text, date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1 WHERE NOT EXISTS (SELECT 1 FROM rate_limit_counters WHERE bucket = 'integrations:' || :key_id::text AND window_start = date_trunc('minute', now()) AND hits >= 100000000) ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1 WHERE c.hits < 100000000 RETURNING c.hits;
UPDATE api_keys SET last_used_at = now() WHERE id = :key_id::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute');
INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits) SELECT 'verified-payments:' || :key_id::text, date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1 WHERE NOT EXISTS (SELECT 1 FROM rate_limit_counters WHERE bucket = 'verified-payments:' || :key_id::text AND window_start = date_trunc('minute', now()) AND hits >= 100000000) ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1 WHERE c.hits < 100000000 RETURNING c.hits;

-- The work, in one transaction.
BEGIN;
SELECT gen_random_uuid() AS payment, gen_random_uuid() AS received, gen_random_uuid() AS applied, gen_random_uuid() AS application, gen_random_uuid() AS idem, gen_random_uuid() AS collections_new, gen_random_uuid() AS unapplied_new, gen_random_uuid() AS receivable_new \gset
SELECT set_config('lock_timeout', '10000ms', true);
INSERT INTO idempotency_records (company_id, is_test, partner, operation, idempotency_key, fingerprint, request_signature, created_at) VALUES (:key_company_id::uuid, true, :partner, 'integrations.verified_payments', :idem, 'v2:' || '4f4a09b56ef6834ec4042a3475a7afcf2a5a9667a66d7ba6a4dcac816dbad2a2', decode(md5(random()::text) || md5(random()::text), 'hex'), now()) ON CONFLICT DO NOTHING;
SELECT set_config('lock_timeout', '0', true);
SELECT pg_advisory_xact_lock(hashtextextended('payment:' || :payment::text, 0));
SELECT * FROM payments WHERE company_id = :key_company_id::uuid AND is_test = true AND source = :source AND external_payment_id = :payment::text AND kind = 'VERIFIED';
SELECT l.customer_id AS link_customer, c.customer_id AS global_id FROM customer_links l JOIN customers c ON c.id = l.customer_id WHERE l.company_id = :key_company_id::uuid AND l.is_test = true AND l.source = :source AND l.external_customer_id = 'ZC-' || :rank::text \gset
SELECT id AS doc, company_id, is_test, source, external_document_id, provider_id, customer_id, customer_external_id, channel, reference, name, description, phone, email, invoice_number, issue_date, due_at, metadata::text AS metadata, remarks, currency, total_minor, applied_minor, balance_minor, status, version, created_at, updated_at FROM collection_documents WHERE company_id = :key_company_id::uuid AND is_test = true AND source = :source AND external_document_id = 'ZD-' || :rank::text \gset doc_
SELECT id, company_id, is_test, source, external_document_id, provider_id, customer_id, customer_external_id, channel, reference, name, description, phone, email, invoice_number, issue_date, due_at, metadata::text AS metadata, remarks, currency, total_minor, applied_minor, balance_minor, status, version, created_at, updated_at FROM collection_documents WHERE id = :doc_doc::uuid AND company_id = :key_company_id::uuid AND is_test = true FOR NO KEY UPDATE;
INSERT INTO payments (id, company_id, is_test, source, external_payment_id, kind, customer_id, customer_external_id, currency, amount_minor, application_currency, application_amount_minor, applied_minor, credit_minor, outcome, exchange_rate_id, exchange_rate_used, request_id, provider_payment_id, paid_at, created_at, updated_at) VALUES (:payment, :key_company_id::uuid, true, :source, :payment::text, 'VERIFIED', :link_customer::uuid, 'ZC-' || :rank::text, 'USD', 100, 'USD', 100, 100, 0, 'applied', NULL, NULL, :idem::text, NULL, make_timestamptz(2026, 11, 22, 10, 0, 0, 'UTC'), now(), now());
INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at) VALUES (:received, :key_company_id::uuid, true, 'PAYMENT_RECEIVED', NULL, :payment, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:collections_new, :key_company_id::uuid, true, 'partner_collections:' || :source::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS collections FROM ledger_accounts WHERE company_id = :key_company_id::uuid AND is_test = true AND code = 'partner_collections:' || :source::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:received, :collections, 'USD', 100, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:unapplied_new, :key_company_id::uuid, true, 'unapplied_payment:' || :payment::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS unapplied FROM ledger_accounts WHERE company_id = :key_company_id::uuid AND is_test = true AND code = 'unapplied_payment:' || :payment::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:received, :unapplied, 'USD', -100, now());
SELECT id, company_id, is_test, source, external_document_id, provider_id, customer_id, customer_external_id, channel, reference, name, description, phone, email, invoice_number, issue_date, due_at, metadata::text AS metadata, remarks, currency, total_minor, applied_minor, balance_minor, status, version, created_at, updated_at FROM collection_documents WHERE id = :doc_doc::uuid AND company_id = :key_company_id::uuid AND is_test = true FOR NO KEY UPDATE;
INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at) VALUES (:applied, :key_company_id::uuid, true, 'PAYMENT_APPLIED', :doc_doc::uuid, :payment, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:unapplied_new, :key_company_id::uuid, true, 'unapplied_payment:' || :payment::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS unapplied FROM ledger_accounts WHERE company_id = :key_company_id::uuid AND is_test = true AND code = 'unapplied_payment:' || :payment::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:applied, :unapplied, 'USD', 100, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:receivable_new, :key_company_id::uuid, true, 'receivable:' || :doc_doc::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS receivable FROM ledger_accounts WHERE company_id = :key_company_id::uuid AND is_test = true AND code = 'receivable:' || :doc_doc::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:applied, :receivable, 'USD', -100, now());
INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency, amount_minor, transfer_id, position, applied_at, refund_id) VALUES (:application, :payment, :doc_doc::uuid, :key_company_id::uuid, true, 'USD', 100, :applied, 0, now(), NULL);
UPDATE collection_documents SET reference = reference, name = name, description = description, phone = phone, email = email, invoice_number = invoice_number, issue_date = issue_date, due_at = due_at, remarks = remarks, currency = currency, total_minor = total_minor, applied_minor = applied_minor + 100, balance_minor = balance_minor - 100, status = status, version = version + 1, updated_at = now() WHERE id = :doc_doc::uuid AND company_id = :key_company_id::uuid AND is_test = true;
SELECT * FROM checkouts WHERE company_id = :key_company_id::uuid AND is_test = true AND document_id = :doc_doc::uuid ORDER BY created_at DESC, id DESC LIMIT 1;
UPDATE checkouts SET status = 'canceled', updated_at = now() WHERE company_id = :key_company_id::uuid AND is_test = true AND document_id = :doc_doc::uuid AND status = 'PENDING';
SELECT a.document_id, d.external_document_id, a.amount_minor, a.currency, d.balance_minor FROM payment_applications a JOIN collection_documents d ON d.id = a.document_id WHERE a.company_id = :key_company_id::uuid AND a.is_test = true AND a.payment_id = :payment ORDER BY a.position;
SELECT l.*, c.customer_id AS global_id FROM customer_links l JOIN customers c ON c.id = l.customer_id WHERE l.company_id = :key_company_id::uuid AND l.is_test = true AND l.source = :source AND l.external_customer_id = 'ZC-' || :rank::text;
UPDATE idempotency_records SET response_status = 200, response_body = '{"paymentId":"' || :payment::text || '",' || repeat('x', 979 - 52 - 1) || '}', completed_at = now() WHERE company_id = :key_company_id::uuid AND is_test = true AND partner = :partner AND operation = 'integrations.verified_payments' AND idempotency_key = :idem::text;
COMMIT;

-- The audit record, in its own transaction after the answer is settled.
BEGIN;
INSERT INTO audit_records (id, company_id, is_test, partner, request_id, api_key_id, operation, http_status, outcome, detail, created_at, actor_kind) VALUES (gen_random_uuid(), :key_company_id::uuid, true, :partner, :idem, :key_id::uuid, 'POST /integrations/v1/{companyId}/verified-payments', 200, 'applied', NULL, now(), 'api_key');
COMMIT;
