-- A checkout payer's global id (checkout_customers.customer_id) was a name-based UUID (version 3) of
-- the lower-cased e-mail, which anyone could compute from a guessed address. From now on it is an
-- HMAC-SHA256 of that e-mail under a secret every instance shares, as a version 8 UUID (PayerIds;
-- docs/decisions.md). SQL cannot compute it without the secret, so the stored ids are re-keyed by
-- every instance in batches (PayerIdRekeying); this partial index finds the rows still to do without
-- reading the whole table, and stays empty once they are done.
CREATE INDEX checkout_customers_name_based_ids ON checkout_customers (id)
    WHERE substr(customer_id::text, 15, 1) = '3';
