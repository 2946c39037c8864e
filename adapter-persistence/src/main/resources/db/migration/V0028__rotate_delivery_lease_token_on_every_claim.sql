-- Every claim of a delivery gets a new lease token, also a claim by code that predates the token
-- (V0022), which sets leased_until and leaves lease_token alone. During a rolling deploy such a
-- claim would otherwise keep the previous holder's token, and that holder could still record its
-- attempt after losing the lease. A claim is an update that sets a lease (leased_until not null and
-- changed) without changing the token itself; the service's own claims change it, so this fires
-- only for the old statement and costs nothing else.
CREATE FUNCTION rotate_delivery_lease_token() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.lease_token := gen_random_uuid();
    RETURN NEW;
END;
$$;

CREATE TRIGGER webhook_deliveries_rotate_lease_token BEFORE UPDATE OF leased_until ON webhook_deliveries
    FOR EACH ROW
    WHEN (NEW.leased_until IS NOT NULL AND NEW.leased_until IS DISTINCT FROM OLD.leased_until
          AND NEW.lease_token IS NOT DISTINCT FROM OLD.lease_token)
    EXECUTE FUNCTION rotate_delivery_lease_token();
