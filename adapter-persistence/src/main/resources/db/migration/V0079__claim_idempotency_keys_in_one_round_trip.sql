-- An idempotency claim in one round trip (issue 24). A claim used to cost three statements for a new
-- key (the bounded lock timeout set, the insert, the timeout reset) and one or two more for a key in
-- use; the same statements now run inside the server, and the claim answers with what the caller
-- needs to decide: claimed, the record under the key, a signature used, or nothing found.
--
-- The semantics are those of PgIdempotencyStore before: the insert (ON CONFLICT DO NOTHING, so the
-- primary key and the signature's unique index both stop it) waits for a twin's transaction at most
-- `wait_timeout`, after which lock_not_available (55P03) ends the statement and the transaction, as before:
-- there is no EXCEPTION block, which would open a subtransaction on every claim. Both settings are
-- transaction-local, so the rest of the transaction runs with no lock timeout, as before. Each
-- statement of this VOLATILE function takes a fresh snapshot under READ COMMITTED, so the read after
-- a conflict sees the twin's committed record, as the separate statement used to.
CREATE FUNCTION recaudo_claim_idempotency(claim_company_id uuid, claim_is_test boolean, claim_partner text,
        claim_operation text, claim_key text, claim_fingerprint text, claim_signature bytea,
        claim_created_at timestamptz, wait_timeout text,
        OUT outcome text, OUT fingerprint text, OUT response_status integer, OUT response_body text,
        OUT recovery_point text, OUT resource_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM set_config('lock_timeout', wait_timeout, true);
    INSERT INTO idempotency_records (company_id, is_test, partner, operation, idempotency_key, fingerprint,
                                     request_signature, created_at)
    VALUES (claim_company_id, claim_is_test, claim_partner, claim_operation, claim_key, claim_fingerprint,
            claim_signature, claim_created_at)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
        outcome := 'claimed';
    END IF;
    PERFORM set_config('lock_timeout', '0', true);
    IF outcome IS NOT NULL THEN
        RETURN;
    END IF;
    SELECT 'recorded', r.fingerprint, r.response_status, r.response_body, r.recovery_point, r.resource_id
      INTO outcome, fingerprint, response_status, response_body, recovery_point, resource_id
      FROM idempotency_records r
     WHERE r.company_id = claim_company_id AND r.is_test = claim_is_test AND r.partner = claim_partner
       AND r.operation = claim_operation AND r.idempotency_key = claim_key;
    IF outcome IS NOT NULL OR claim_signature IS NULL THEN
        RETURN;
    END IF;
    -- No record under this key, so the conflict was the signature's (or the record was purged
    -- meanwhile, and the request may then be sent again).
    IF EXISTS (SELECT 1 FROM idempotency_records r
                WHERE r.company_id = claim_company_id AND r.request_signature = claim_signature) THEN
        outcome := 'signature_used';
    END IF;
END;
$$;
