-- Posting to the ledger in one round trip (issue 24). A transfer used to cost one statement for its
-- row and three per entry (an upsert of the account, a read of its id, the entry): 7 for the common
-- transfer of two entries, 14 for a verified payment's two. The same statements now run inside the
-- server, in functions the service calls once per set of transfers. The triggers of V0007 (append
-- only, balanced at commit) are untouched: they see the same rows inserted the same way.

-- The id of a ledger account, created on first use. PL/pgSQL runs each statement of a VOLATILE
-- function with a fresh snapshot under READ COMMITTED, which is what makes the race of two first
-- uses safe without locking the account's row: when a concurrent transaction inserts the same
-- account, ON CONFLICT DO NOTHING waits for it and, once it has committed, inserts nothing and
-- returns nothing; the read after it, a statement of its own, sees the committed row. (One statement
-- could not: its snapshot predates the other's commit.) The account is read first, since it nearly
-- always exists, and no row lock is taken on it: shared accounts such as `billing` are posted to by
-- every write of a company, and a lock on them would serialize those writes.
CREATE FUNCTION recaudo_ledger_account(account_company_id uuid, account_is_test boolean, account_code text,
        account_currency text, first_used_at timestamptz) RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    found_id uuid;
BEGIN
    SELECT a.id INTO found_id FROM ledger_accounts a
     WHERE a.company_id = account_company_id AND a.is_test = account_is_test
       AND a.code = account_code AND a.currency = account_currency;
    IF found_id IS NOT NULL THEN
        RETURN found_id;
    END IF;
    INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)
    VALUES (gen_random_uuid(), account_company_id, account_is_test, account_code, account_currency, first_used_at)
    ON CONFLICT (company_id, is_test, code, currency) DO NOTHING
    RETURNING id INTO found_id;
    IF found_id IS NOT NULL THEN
        RETURN found_id;
    END IF;
    -- A concurrent first use committed the account while this insert waited for it.
    SELECT a.id INTO STRICT found_id FROM ledger_accounts a
     WHERE a.company_id = account_company_id AND a.is_test = account_is_test
       AND a.code = account_code AND a.currency = account_currency;
    RETURN found_id;
END;
$$;

-- Posts transfers, in the order given, each with its entries in the order given. The arrays
-- describe the transfers (one element each) and the entries (one element each, with the 1-based
-- position of their transfer), as JDBC passes arrays more simply than rows. Every transfer and entry
-- is inserted by the same statements as before, so their ids, order and timestamps are as they were.
CREATE FUNCTION recaudo_post_transfers(transfer_ids uuid[], company_ids uuid[], is_tests boolean[], kinds text[],
        document_ids uuid[], payment_ids uuid[], created_ats timestamptz[],
        entry_transfers integer[], entry_codes text[], entry_currencies text[], entry_amounts_minor bigint[])
        RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    t       integer;
    account uuid;
BEGIN
    IF cardinality(entry_transfers) IS DISTINCT FROM cardinality(entry_codes)
            OR cardinality(entry_codes) IS DISTINCT FROM cardinality(entry_currencies)
            OR cardinality(entry_currencies) IS DISTINCT FROM cardinality(entry_amounts_minor) THEN
        RAISE EXCEPTION 'entries of unequal lengths' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOR t IN 1 .. coalesce(cardinality(transfer_ids), 0) LOOP
        INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at)
        VALUES (transfer_ids[t], company_ids[t], is_tests[t], kinds[t], document_ids[t], payment_ids[t], created_ats[t]);
    END LOOP;
    FOR e IN 1 .. coalesce(cardinality(entry_codes), 0) LOOP
        t := entry_transfers[e];
        account := recaudo_ledger_account(company_ids[t], is_tests[t], entry_codes[e], entry_currencies[e], created_ats[t]);
        INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)
        VALUES (transfer_ids[t], account, entry_currencies[e], entry_amounts_minor[e], created_ats[t]);
    END LOOP;
END;
$$;
