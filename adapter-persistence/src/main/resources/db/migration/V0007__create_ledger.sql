-- The append-only double-entry ledger.
CREATE TABLE ledger_accounts (
    id         uuid PRIMARY KEY,
    company_id uuid        NOT NULL REFERENCES companies (id),
    is_test    boolean     NOT NULL,
    code       text        NOT NULL CHECK (length(code) BETWEEN 1 AND 200),
    currency   text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    created_at timestamptz NOT NULL,
    UNIQUE (company_id, is_test, code, currency)
);

CREATE TABLE ledger_transfers (
    id          uuid PRIMARY KEY,
    company_id  uuid        NOT NULL REFERENCES companies (id),
    is_test     boolean     NOT NULL,
    kind        text        NOT NULL,
    document_id uuid        NULL,
    payment_id  uuid        NULL,
    created_at  timestamptz NOT NULL
);
CREATE INDEX ledger_transfers_document ON ledger_transfers (document_id) WHERE document_id IS NOT NULL;

-- Debits are positive, credits negative; every transfer sums to zero per currency.
CREATE TABLE ledger_entries (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    transfer_id  uuid        NOT NULL REFERENCES ledger_transfers (id),
    account_id   uuid        NOT NULL REFERENCES ledger_accounts (id),
    currency     text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    amount_minor bigint      NOT NULL CHECK (amount_minor <> 0),
    created_at   timestamptz NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id);
CREATE INDEX ledger_entries_transfer ON ledger_entries (transfer_id);

-- Entries and transfers are never changed or removed: corrections are new, reversing transfers.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Checked at commit, when all entries of the transfer are in: debits equal credits per currency.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM ledger_entries WHERE transfer_id = NEW.transfer_id
               GROUP BY currency HAVING sum(amount_minor) <> 0) THEN
        RAISE EXCEPTION 'unbalanced ledger transfer %', NEW.transfer_id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
