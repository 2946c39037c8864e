-- Administration actions (API keys, webhook endpoints, secret reads, company changes) are audited in
-- the same trail as integrations writes. A record names its actor: a partner's key (as before), a
-- company administrator, or the platform operator; only key records have a partner and an environment.
ALTER TABLE audit_records
    ADD COLUMN actor_kind    text NOT NULL DEFAULT 'api_key' CHECK (actor_kind IN ('api_key', 'admin', 'operator')),
    ADD COLUMN admin_user_id uuid NULL,
    ADD COLUMN target_id     uuid NULL;

ALTER TABLE audit_records ALTER COLUMN is_test DROP NOT NULL;
ALTER TABLE audit_records ALTER COLUMN partner DROP NOT NULL;

ALTER TABLE audit_records
    ADD CONSTRAINT audit_records_key_actor
        CHECK (actor_kind <> 'api_key' OR (partner IS NOT NULL AND is_test IS NOT NULL)),
    ADD CONSTRAINT audit_records_other_actor
        CHECK (actor_kind = 'api_key' OR (partner IS NULL AND is_test IS NULL AND api_key_id IS NULL)),
    ADD CONSTRAINT audit_records_admin_named
        CHECK ((actor_kind = 'admin') = (admin_user_id IS NOT NULL));

-- The administration trail of a company, newest first, by keyset.
CREATE INDEX audit_records_administration ON audit_records (company_id, created_at DESC, id DESC)
    WHERE actor_kind <> 'api_key';
