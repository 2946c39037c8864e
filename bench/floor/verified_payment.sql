-- The floor of one POST /integrations/v1/{companyId}/verified-payments in the Zipf scenarios
-- (bench/README.md, "The floor"): 1.00 USD of a new payment applied to document ZD-rank of customer
-- ZC-rank, rank drawn by Zipf's law with exponent :s over the 1,000 documents, through one of the
-- four keys of the document's company, as Scenarios.java sends them. The fewest statements that
-- leave the rows the service leaves, in one transaction. Run by bench/floor.sh with pgbench
-- -M prepared -D s=1.001 (or 2.0) -D partner=source:bench-erp on a database floor_setup.sql has prepared.
\set rank random_zipfian(1, 1000, :s)
\set key ((:rank - 1) % 4) * 4 + random(0, 3)
-- 1. The key lookup, as the service's, in autocommit (the key's hash found by its number in
-- bench_keys: pgbench can only draw numbers; one primary-key lookup more than the service's).
SELECT k.id, k.lineage_id, k.company_id, k.name, k.key_prefix, k.key_hash, k.permissions, k.source, k.environment, k.rate_limit_rpm, k.created_at, k.revoked_at, k.last_used_at, c.enabled AS company_enabled, c.reference_currency AS company_currency FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.key_hash = (SELECT key_hash FROM bench_keys WHERE i = :key) \gset key_
-- 2. Everything else in one statement, its own transaction: the key's last use (at most once a
-- minute), both rate-limit counters, the customer's link, the document's change (the row lock that
-- orders concurrent payments of a document; only an open document of that customer with more than
-- the amount left: the scenario never pays one off), the payment, its unapplied account, the
-- PAYMENT_RECEIVED and PAYMENT_APPLIED transfers and their four entries (the partner's collections
-- and the document's receivable accounts exist), the application, the document's pending checkout
-- canceled (only the first partial payment finds one), the idempotency record with the request's
-- signature and its answer (a resend, or a replayed signature, collides on a unique index and the
-- statement fails as a whole), and the audit record. The answer's length is the service's (979
-- characters), with the balance the document's change returned spliced in.
WITH ids AS (
    SELECT gen_random_uuid() AS payment, gen_random_uuid() AS received, gen_random_uuid() AS applied,
        gen_random_uuid() AS application, gen_random_uuid() AS unapplied, gen_random_uuid()::text AS request,
        'ZP-' || gen_random_uuid() AS external, now() AS at
), key_used AS (
    UPDATE api_keys SET last_used_at = now()
    WHERE id = :key_id::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
), hits AS (
    INSERT INTO rate_limit_counters AS c (bucket, window_start, window_end, hits)
    VALUES ('integrations:' || :key_id::text, date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1),
        ('verified-payments:' || :key_id::text, date_trunc('minute', now()), date_trunc('minute', now()) + interval '1 minute', 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1
), link AS (
    SELECT l.customer_id, c.customer_id AS global_id
    FROM customer_links l JOIN customers c ON c.id = l.customer_id
    WHERE l.company_id = :key_company_id::uuid AND l.is_test AND l.source = 'bench-erp' AND l.external_customer_id = 'ZC-' || :rank::text
), document AS (
    UPDATE collection_documents d
    SET applied_minor = d.applied_minor + 100, balance_minor = d.balance_minor - 100, version = d.version + 1, updated_at = ids.at
    FROM ids, link
    WHERE d.company_id = :key_company_id::uuid AND d.is_test AND d.source = 'bench-erp' AND d.external_document_id = 'ZD-' || :rank::text
        AND d.customer_id = link.customer_id AND d.status = 'CREATED' AND d.currency = 'USD' AND d.balance_minor > 100
    RETURNING d.id, d.balance_minor
), payment AS (
    INSERT INTO payments (id, company_id, is_test, source, external_payment_id, kind, customer_id, customer_external_id, currency, amount_minor, application_currency, application_amount_minor, applied_minor, credit_minor, outcome, request_id, paid_at, created_at, updated_at)
    SELECT ids.payment, :key_company_id::uuid, true, 'bench-erp', ids.external, 'VERIFIED', link.customer_id, 'ZC-' || :rank::text, 'USD', 100, 'USD', 100, 100, 0, 'applied', ids.request, make_timestamptz(2026, 11, 22, 10, 0, 0, 'UTC'), ids.at, ids.at
    FROM ids, link, document
), account AS (
    INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)
    SELECT ids.unapplied, :key_company_id::uuid, true, 'unapplied_payment:' || ids.payment, 'USD', ids.at FROM ids, document
), transfers AS (
    INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at)
    SELECT t.id, :key_company_id::uuid, true, t.kind, t.document_id, ids.payment, ids.at
    FROM ids, document, LATERAL (VALUES (ids.received, 'PAYMENT_RECEIVED', NULL::uuid), (ids.applied, 'PAYMENT_APPLIED', document.id)) AS t (id, kind, document_id)
), entries AS (
    INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)
    SELECT e.transfer_id, e.account_id, 'USD', e.amount_minor, ids.at
    FROM ids, document, LATERAL (VALUES
        (ids.received, (SELECT id FROM ledger_accounts WHERE company_id = :key_company_id::uuid AND is_test AND code = 'partner_collections:' || 'bench-erp' AND currency = 'USD'), 100::bigint),
        (ids.received, ids.unapplied, -100),
        (ids.applied, ids.unapplied, 100),
        (ids.applied, (SELECT id FROM ledger_accounts WHERE company_id = :key_company_id::uuid AND is_test AND code = 'receivable:' || document.id AND currency = 'USD'), -100)
    ) AS e (transfer_id, account_id, amount_minor)
), application AS (
    INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency, amount_minor, transfer_id, applied_at, position)
    SELECT ids.application, ids.payment, document.id, :key_company_id::uuid, true, 'USD', 100, ids.applied, ids.at, 0 FROM ids, document
), checkout AS (
    UPDATE checkouts c SET status = 'canceled', updated_at = ids.at
    FROM ids, document
    WHERE c.company_id = :key_company_id::uuid AND c.is_test AND c.document_id = document.id AND c.status = 'PENDING'
), claim AS (
    INSERT INTO idempotency_records (company_id, is_test, partner, operation, idempotency_key, fingerprint, request_signature, response_status, response_body, created_at, completed_at)
    SELECT :key_company_id::uuid, true, :partner::text, 'integrations.verified_payments', ids.external,
        'v2:' || '4f4a09b56ef6834ec4042a3475a7afcf2a5a9667a66d7ba6a4dcac816dbad2a2', decode(md5(random()::text) || md5(random()::text), 'hex'), 200,
        '{"paymentId":"' || ids.payment || '",' || repeat('x', 979 - 52 - 15 - 8) || '"balanceMinor":' || document.balance_minor || '}', ids.at, ids.at
    FROM ids, document
), audit AS (
    INSERT INTO audit_records (id, company_id, is_test, request_id, api_key_id, operation, http_status, outcome, detail, created_at, partner, actor_kind)
    SELECT gen_random_uuid(), :key_company_id::uuid, true, ids.request, :key_id::uuid, 'POST /integrations/v1/{companyId}/verified-payments', 200, 'applied', NULL, ids.at, :partner::text, 'api_key'
    FROM ids
)
SELECT id, balance_minor FROM document;
