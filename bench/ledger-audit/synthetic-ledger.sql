-- A synthetic healthy ledger for measuring the scheduled invariant check (docs/reliability.md,
-- "Cost of the full scan"): :docs documents over 100 companies, every second one paid in full by one
-- verified payment, with their accounts, transfers, entries and applications. On a database migrated
-- with adapter-persistence's migrations (psql -f each V*.sql in order), as postgres:
--   psql -d DB -v docs=200000 -f synthetic-ledger.sql
-- then run LedgerInvariantQueries' four queries; all four find no row. Triggers and foreign keys are
-- off while it loads (session_replication_role = replica), CHECK constraints are not.
SET session_replication_role = replica;
INSERT INTO companies (id, name, reference_currency, enabled, created_at, updated_at)
SELECT md5('c'||j)::uuid, 'Company '||j, 'USD', true, now(), now() FROM generate_series(0, 99) j;
INSERT INTO customers (id, customer_id, company_id, is_test, name, created_at, updated_at)
SELECT md5('cu'||j)::uuid, md5('cu'||j)::uuid, md5('c'||j)::uuid, false, 'Customer', now(), now() FROM generate_series(0, 99) j;
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)
SELECT md5('ab'||j)::uuid, md5('c'||j)::uuid, false, 'billing', 'USD', now() FROM generate_series(0, 99) j
UNION ALL SELECT md5('ap'||j)::uuid, md5('c'||j)::uuid, false, 'partner_collections:acme-erp', 'USD', now() FROM generate_series(0, 99) j;
INSERT INTO collection_documents (id, company_id, is_test, source, external_document_id, customer_id, channel, name, currency,
    total_minor, applied_minor, balance_minor, status, created_at, updated_at, change_xid)
SELECT md5('d'||i)::uuid, md5('c'||(i%100))::uuid, false, 'erp', 'D-'||i, md5('cu'||(i%100))::uuid, 'integration', 'Factura', 'USD',
    1000 + i%5000, CASE WHEN i%2=0 THEN 1000 + i%5000 ELSE 0 END, CASE WHEN i%2=0 THEN 0 ELSE 1000 + i%5000 END,
    CASE WHEN i%2=0 THEN 'PAID' ELSE 'CREATED' END, now(), now(), pg_current_xact_id()
FROM generate_series(1, :docs) i;
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)
SELECT md5('ar'||i)::uuid, md5('c'||(i%100))::uuid, false, 'receivable:'||md5('d'||i)::uuid, 'USD', now() FROM generate_series(1, :docs) i
UNION ALL
SELECT md5('au'||i)::uuid, md5('c'||(i%100))::uuid, false, 'unapplied_payment:'||md5('p'||i)::uuid, 'USD', now()
FROM generate_series(2, :docs, 2) i;
INSERT INTO payments (id, company_id, is_test, source, external_payment_id, kind, currency, amount_minor, application_currency,
    application_amount_minor, applied_minor, credit_minor, outcome, paid_at, created_at, updated_at, change_xid)
SELECT md5('p'||i)::uuid, md5('c'||(i%100))::uuid, false, 'erp', 'P-'||i, 'VERIFIED', 'USD', 1000 + i%5000, 'USD', 1000 + i%5000,
    1000 + i%5000, 0, 'applied', now(), now(), now(), pg_current_xact_id()
FROM generate_series(2, :docs, 2) i;
INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at)
SELECT md5('ti'||i)::uuid, md5('c'||(i%100))::uuid, false, 'DOCUMENT_ISSUED', md5('d'||i)::uuid, NULL, now() FROM generate_series(1, :docs) i
UNION ALL SELECT md5('tr'||i)::uuid, md5('c'||(i%100))::uuid, false, 'PAYMENT_RECEIVED', NULL, md5('p'||i)::uuid, now() FROM generate_series(2, :docs, 2) i
UNION ALL SELECT md5('ta'||i)::uuid, md5('c'||(i%100))::uuid, false, 'PAYMENT_APPLIED', md5('d'||i)::uuid, md5('p'||i)::uuid, now() FROM generate_series(2, :docs, 2) i;
INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency, amount_minor, transfer_id, applied_at, position)
SELECT md5('pa'||i)::uuid, md5('p'||i)::uuid, md5('d'||i)::uuid, md5('c'||(i%100))::uuid, false, 'USD', 1000 + i%5000, md5('ta'||i)::uuid, now(), 0
FROM generate_series(2, :docs, 2) i;
INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)
SELECT md5('ti'||i)::uuid, md5('ar'||i)::uuid, 'USD', 1000 + i%5000, now() FROM generate_series(1, :docs) i
UNION ALL SELECT md5('ti'||i)::uuid, md5('ab'||(i%100))::uuid, 'USD', -(1000 + i%5000), now() FROM generate_series(1, :docs) i
UNION ALL SELECT md5('tr'||i)::uuid, md5('ap'||(i%100))::uuid, 'USD', 1000 + i%5000, now() FROM generate_series(2, :docs, 2) i
UNION ALL SELECT md5('tr'||i)::uuid, md5('au'||i)::uuid, 'USD', -(1000 + i%5000), now() FROM generate_series(2, :docs, 2) i
UNION ALL SELECT md5('ta'||i)::uuid, md5('au'||i)::uuid, 'USD', 1000 + i%5000, now() FROM generate_series(2, :docs, 2) i
UNION ALL SELECT md5('ta'||i)::uuid, md5('ar'||i)::uuid, 'USD', -(1000 + i%5000), now() FROM generate_series(2, :docs, 2) i;
SET session_replication_role = origin;
VACUUM ANALYZE;
