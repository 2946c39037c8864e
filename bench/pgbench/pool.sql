-- The documents verified_payment.sql pays: :size open documents of 150.00 USD of company :company,
-- each of its own customer (with the partner's link to it), with its pending checkout and its
-- receivable account, as the document upserts of bench/Bench.java leave them. Each pgbench
-- transaction takes the next one from bench_pool_next. Run with psql -v company=... -v size=...
CREATE TABLE bench_pool (
    i bigint PRIMARY KEY,
    doc uuid NOT NULL,
    customer uuid NOT NULL,
    checkout uuid NOT NULL,
    customer_ref text NOT NULL,
    doc_ref text NOT NULL
);
CREATE SEQUENCE bench_pool_next;
INSERT INTO bench_pool
SELECT g, gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'PC-' || g, 'PD-' || g
FROM generate_series(1, :size) g;
INSERT INTO customers (id, customer_id, company_id, is_test, type, name, tax_id, tax_id_normalized, status, created_at, updated_at)
SELECT customer, gen_random_uuid(), :'company', true, 'business', 'Cliente ' || i, 'J-P' || i, 'JP' || i, 'created', now(), now()
FROM bench_pool;
INSERT INTO customer_links (company_id, is_test, source, external_customer_id, customer_id, type, name, tax_id, created_at, updated_at)
SELECT :'company', true, 'bench-erp', customer_ref, customer, 'business', 'Cliente ' || i, 'J-P' || i, now(), now()
FROM bench_pool;
INSERT INTO collection_documents (id, company_id, is_test, source, external_document_id, customer_id, customer_external_id,
    channel, reference, name, invoice_number, currency, total_minor, applied_minor, balance_minor, status, version, created_at, updated_at)
SELECT doc, :'company', true, 'bench-erp', doc_ref, customer, customer_ref, 'integration', 'J-P' || i, 'F-' || doc_ref,
    'F-' || doc_ref, 'USD', 15000, 0, 15000, 'CREATED', 0, now(), now()
FROM bench_pool;
INSERT INTO checkouts (id, company_id, is_test, document_id, source, currency, amount_minor, title, description, status, created_at, updated_at)
SELECT checkout, :'company', true, doc, 'bench-erp', 'USD', 15000, 'F-' || doc_ref, 'F-' || doc_ref, 'PENDING', now(), now()
FROM bench_pool;
INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)
SELECT gen_random_uuid(), :'company', true, 'receivable:' || doc, 'USD', now()
FROM bench_pool;
ANALYZE;
