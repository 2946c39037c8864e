-- One POST /integrations/v1/{companyId}/verified-payments as the service runs it against
-- PostgreSQL: a payment of 150.00 USD applied in full to one open document of its customer, in the
-- statements, order and transactions the service sends (captured from both variants;
-- bench/README.md). The document comes from the pool pool.sql made. Run by bench/run.sh with
-- pgbench -M prepared and these -D variables: company, key_id, key_hash, partner
-- (source:bench-erp), source (bench-erp), bucket (the key's integrations rate-limit bucket) and
-- payments_bucket (its verified-payments bucket).
-- Ids come from gen_random_uuid() in the statement that takes the pool's next document (the
-- service makes them in Java); the JSON texts it stores are made as long as the real ones with repeat().

-- The key, its last use and its two rate-limit counters: one statement each, before the work.
SELECT k.id, k.lineage_id, k.company_id, k.name, k.key_prefix, k.key_hash, k.permissions, k.source, k.environment, k.rate_limit_rpm, k.created_at, k.revoked_at, k.last_used_at, c.enabled AS company_enabled, c.reference_currency AS company_currency FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.key_hash = :key_hash;
UPDATE api_keys SET last_used_at = now() WHERE id = :key_id AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute');
INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits) VALUES (:bucket, date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1) ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1 RETURNING c.hits;
INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits) VALUES (:payments_bucket, date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1) ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1 RETURNING c.hits;

-- The work: idempotency claim (with the request's signature, unique per company: the replay check
-- is this insert), payment lookups, the payment, its two transfers, the application, the paid
-- document and checkout, the event, the answer.
BEGIN;
SELECT doc, customer, checkout, customer_ref, doc_ref, gen_random_uuid() AS payment, gen_random_uuid() AS received, gen_random_uuid() AS applied, gen_random_uuid() AS application, gen_random_uuid() AS event, gen_random_uuid() AS idem, gen_random_uuid() AS collections_new, gen_random_uuid() AS unapplied_new FROM bench_pool WHERE i = (SELECT nextval('bench_pool_next')) \gset
SELECT set_config('lock_timeout', '10000ms', true);
INSERT INTO idempotency_records (company_id, is_test, partner, operation, idempotency_key, fingerprint, request_signature, created_at) VALUES (:company, true, :partner, 'integrations.verified_payments', :idem, 'v2:4f4a09b56ef6834ec4042a3475a7afcf2a5a9667a66d7ba6a4dcac816dbad2a2', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), now()) ON CONFLICT DO NOTHING;
SELECT set_config('lock_timeout', '0', true);
SELECT pg_advisory_xact_lock(hashtextextended('payment:' || :payment::text, 0));
SELECT * FROM payments WHERE company_id = :company AND is_test = true AND source = :source AND external_payment_id = :payment::text AND kind = 'VERIFIED';
SELECT l.*, c.customer_id AS global_id FROM customer_links l JOIN customers c ON c.id = l.customer_id WHERE l.company_id = :company AND l.is_test = true AND l.source = :source AND l.external_customer_id = :customer_ref;
SELECT * FROM collection_documents WHERE company_id = :company AND is_test = true AND source = :source AND external_document_id = :doc_ref;
SELECT * FROM collection_documents WHERE company_id = :company AND is_test = true AND id = :doc FOR NO KEY UPDATE;
INSERT INTO payments (id, company_id, is_test, source, external_payment_id, kind, customer_id, customer_external_id, currency, amount_minor, application_currency, application_amount_minor, applied_minor, credit_minor, outcome, exchange_rate_id, exchange_rate_used, request_id, provider_payment_id, paid_at, created_at, updated_at) VALUES (:payment, :company, true, :source, :payment::text, 'VERIFIED', :customer, :customer_ref, 'USD', 15000, 'USD', 15000, 15000, 0, 'applied', NULL, NULL, :idem::text, NULL, '2026-11-22 10:00:00+00', now(), now());
INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at) VALUES (:received, :company, true, 'PAYMENT_RECEIVED', NULL, :payment, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:collections_new, :company, true, 'partner_collections:' || :source::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS collections FROM ledger_accounts WHERE company_id = :company AND is_test = true AND code = 'partner_collections:' || :source::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:received, :collections, 'USD', 15000, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:unapplied_new, :company, true, 'unapplied_payment:' || :payment::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS unapplied FROM ledger_accounts WHERE company_id = :company AND is_test = true AND code = 'unapplied_payment:' || :payment::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:received, :unapplied, 'USD', -15000, now());
SELECT * FROM collection_documents WHERE company_id = :company AND is_test = true AND id = :doc FOR NO KEY UPDATE;
INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at) VALUES (:applied, :company, true, 'PAYMENT_APPLIED', :doc, :payment, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (:unapplied_new, :company, true, 'unapplied_payment:' || :payment::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS unapplied FROM ledger_accounts WHERE company_id = :company AND is_test = true AND code = 'unapplied_payment:' || :payment::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:applied, :unapplied, 'USD', 15000, now());
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at) VALUES (gen_random_uuid(), :company, true, 'receivable:' || :doc::text, 'USD', now()) ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
SELECT id AS receivable FROM ledger_accounts WHERE company_id = :company AND is_test = true AND code = 'receivable:' || :doc::text AND currency = 'USD' \gset
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at) VALUES (:applied, :receivable, 'USD', -15000, now());
INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency, amount_minor, transfer_id, position, applied_at) VALUES (:application, :payment, :doc, :company, true, 'USD', 15000, :applied, 0, now());
UPDATE collection_documents SET applied_minor = 15000, balance_minor = 0, status = 'PAID', updated_at = now(), version = version + 1 WHERE id = :doc;
SELECT * FROM checkouts WHERE company_id = :company AND is_test = true AND document_id = :doc ORDER BY created_at DESC, id DESC LIMIT 1;
UPDATE checkouts SET status = 'APPROVED', provider_payment_id = :payment::text, paid_at = now(), updated_at = now() WHERE company_id = :company AND is_test = true AND id = :checkout;
INSERT INTO outbox_events (id, company_id, is_test, type, body, created_at) VALUES (:event, :company, true, 'invoice.paid', '{"invoice":"' || repeat('x', 1650) || '"}', now());
INSERT INTO webhook_deliveries (id, event_id, endpoint_id, company_id, status, attempts, next_attempt_at, created_at, updated_at) SELECT gen_random_uuid(), :event, e.id, e.company_id, 'PENDING', 0, now(), now(), now() FROM webhook_endpoints e WHERE e.company_id = :company AND e.is_test = true AND e.deleted_at IS NULL AND 'invoice.paid' = ANY (e.events);
SELECT a.document_id, d.external_document_id, a.amount_minor, a.currency, d.balance_minor FROM payment_applications a JOIN collection_documents d ON d.id = a.document_id WHERE a.company_id = :company AND a.is_test = true AND a.payment_id = :payment ORDER BY a.position;
SELECT l.*, c.customer_id AS global_id FROM customer_links l JOIN customers c ON c.id = l.customer_id WHERE l.company_id = :company AND l.is_test = true AND l.source = :source AND l.external_customer_id = :customer_ref;
UPDATE idempotency_records SET response_status = 200, response_body = '{"payment":"' || repeat('x', 1150) || '"}', completed_at = now() WHERE company_id = :company AND is_test = true AND partner = :partner AND operation = 'integrations.verified_payments' AND idempotency_key = :idem;
COMMIT;

-- The audit record, in its own transaction after the answer is settled.
BEGIN;
INSERT INTO audit_records (id, company_id, is_test, partner, request_id, api_key_id, operation, http_status, outcome, detail, created_at) VALUES (gen_random_uuid(), :company, true, :partner, :idem, :key_id, 'POST /integrations/v1/{companyId}/verified-payments', 200, 'applied', NULL, now());
COMMIT;
