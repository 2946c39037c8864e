-- An idempotency key belongs to the partner whose API key sent it, not to the whole company.

-- A key's lineage: the id of the first key of its rotation chain, copied to every replacement.
-- It names the partner of a key without a source. Keys issued before this migration start their
-- own lineage (earlier rotations left no link between a key and its replacement).
ALTER TABLE api_keys ADD COLUMN lineage_id uuid NULL;
UPDATE api_keys SET lineage_id = id;
ALTER TABLE api_keys ALTER COLUMN lineage_id SET NOT NULL;

-- The partner of each stored record: 'source:<source>' for keys with a source, 'lineage:<uuid>'
-- for keys without one. Every answer stored so far names its partner (provider in public invoice
-- answers, source in integrations answers), and only keys with a source could write, so existing
-- records are attributed from their answer. A record whose answer names no partner (none is known
-- to exist) gets 'unattributed', which no key's scope ever equals: it replays to nobody and blocks
-- nobody, and the janitor removes it after the retention period.
ALTER TABLE idempotency_records ADD COLUMN partner text NULL;

CREATE FUNCTION pg_temp.answer_partner(operation text, answer text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    parsed jsonb;
    named  text;
BEGIN
    IF answer IS NULL THEN
        RETURN NULL;
    END IF;
    -- An answer that jsonb cannot hold (a number beyond numeric's range in metadata, say) is
    -- unattributed rather than a failed migration.
    parsed := answer::jsonb;
    IF jsonb_typeof(parsed) <> 'object' THEN
        RETURN NULL;
    END IF;
    named := CASE WHEN operation = 'public_invoices.create' THEN parsed ->> 'provider' ELSE parsed ->> 'source' END;
    RETURN CASE WHEN named IS NULL OR named = '' THEN NULL ELSE 'source:' || named END;
EXCEPTION WHEN others THEN
    RETURN NULL;
END
$$;

UPDATE idempotency_records
   SET partner = coalesce(pg_temp.answer_partner(operation, response_body), 'unattributed');

ALTER TABLE idempotency_records
    ALTER COLUMN partner SET NOT NULL,
    ADD CONSTRAINT idempotency_records_partner_format
        CHECK (partner ~ '^(source:.+|lineage:[0-9a-f-]{36}|unattributed)$'),
    DROP CONSTRAINT idempotency_records_pkey,
    ADD PRIMARY KEY (company_id, is_test, partner, operation, idempotency_key);
