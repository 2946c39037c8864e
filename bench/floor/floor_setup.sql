-- What the floor's scripts read besides the service's own rows, made once on a database the
-- service has set up and used (bench/floor.sh, bench/probe.sh). Run with psql -v companies=
-- "(0, 'uuid'), (1, 'uuid'), ..." in the order Scenarios.java created the companies: document
-- ZD-rank belongs to company (rank - 1) % 4, and pgbench can only pick a number, so the k-th key of
-- company c is found as bench_keys.i = c * 4 + k, one index lookup inside the key lookup.
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_companies, bench_keys;
CREATE TABLE bench_companies (i int PRIMARY KEY, company_id uuid NOT NULL);
INSERT INTO bench_companies VALUES :companies;
CREATE TABLE bench_keys (i int PRIMARY KEY, key_hash text NOT NULL);
INSERT INTO bench_keys
SELECT (c.i * 4 + row_number() OVER (PARTITION BY c.i ORDER BY k.created_at, k.id) - 1)::int, k.key_hash
FROM api_keys k JOIN bench_companies c ON c.company_id = k.company_id
WHERE 'verified_payments:write' = ANY (k.permissions);
-- The invoices invoice_get.sql reads: the first 1,000 public invoices of the first company, as
-- Reads.java reads the first 1,000 its invoice_create made (empty if the run made none).
DROP TABLE IF EXISTS bench_invoices;
CREATE TABLE bench_invoices AS
SELECT row_number() OVER (ORDER BY d.created_at, d.id)::int AS i, d.id
FROM collection_documents d JOIN bench_companies c ON c.company_id = d.company_id AND c.i = 0
WHERE d.channel = 'public_invoice'
ORDER BY d.created_at, d.id
LIMIT 1000;
ALTER TABLE bench_invoices ADD PRIMARY KEY (i);
-- The accounts every request posts to and finds existing in a steady state (the service made them
-- with its first document and its first payment of each company; here in case a run had none).
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)
SELECT gen_random_uuid(), company_id, true, code, 'USD', now()
FROM bench_companies, (VALUES ('billing'), ('partner_collections:bench-erp')) AS accounts (code)
ON CONFLICT (company_id, is_test, code, currency) DO NOTHING;
ANALYZE;
