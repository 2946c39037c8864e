-- Partners of one company that name the same taxpayer share one customer (one per tax identity),
-- but each keeps its own data for it: what a partner sends is stored in its link, and what it reads
-- comes from there. The customers row keeps what the customer was created with and no partner
-- overwrites it. Links made before this take the customer's data as it is now (the last writer's,
-- which before this could be another partner's); each partner's next upsert replaces it with its own.
ALTER TABLE customer_links
    ADD COLUMN type          text        NULL CHECK (type IN ('individual', 'business')),
    ADD COLUMN name          text        NULL CHECK (length(name) BETWEEN 1 AND 200),
    ADD COLUMN email         text        NULL CHECK (length(email) <= 200),
    ADD COLUMN phone         text        NULL CHECK (length(phone) <= 32),
    ADD COLUMN tax_id        text        NULL CHECK (length(tax_id) <= 255),
    ADD COLUMN customer_code text        NULL CHECK (length(customer_code) <= 100),
    ADD COLUMN updated_at    timestamptz NULL;

UPDATE customer_links l
   SET type = c.type, name = c.name, email = c.email, phone = c.phone, tax_id = c.tax_id,
       customer_code = c.customer_code, updated_at = greatest(l.created_at, c.updated_at)
  FROM customers c
 WHERE c.id = l.customer_id;

ALTER TABLE customer_links
    ALTER COLUMN name SET NOT NULL,
    ALTER COLUMN updated_at SET NOT NULL;

-- The integrations list: a partner's customers by its links, newest update first.
CREATE INDEX customer_links_updated ON customer_links (company_id, is_test, source, updated_at DESC);
-- A key without a source lists every partner's.
CREATE INDEX customer_links_updated_any ON customer_links (company_id, is_test, updated_at DESC);
-- A partner's links to one customer, oldest first (what a partner knows a document's customer by);
-- it also serves every lookup by customer, which the former index did.
CREATE INDEX customer_links_partner_customer ON customer_links (customer_id, source, created_at);
DROP INDEX customer_links_customer;
