-- A verified payment's first read, under the payment's identity lock, in one round trip (issue 24).
-- A statement sees what was committed before it started: an advisory lock taken inside the statement
-- that reads the payment would let it miss the payment the lock's previous holder committed while
-- this one waited, and apply it a second time. A VOLATILE function takes a fresh snapshot for each
-- statement it runs, so here the payment is read after the lock is held, as two statements read it.
-- The lock's name is the one every taker of the payment's identity lock hashes (AdvisoryLocks).
CREATE FUNCTION verified_payment_locked(lock_name text, company uuid, test boolean, payment_source text,
        payment_external_id text) RETURNS SETOF payments LANGUAGE sql VOLATILE AS $$
    SELECT pg_advisory_xact_lock(hashtextextended(lock_name, 0));
    SELECT * FROM payments WHERE company_id = company AND is_test = test AND source = payment_source
        AND external_payment_id = payment_external_id AND kind = 'VERIFIED';
$$;
