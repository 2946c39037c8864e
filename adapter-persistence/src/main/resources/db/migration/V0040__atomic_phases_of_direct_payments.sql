-- Atomic phases of a direct payment (issue 22): the request's idempotency record names the step it
-- committed and the resource it recorded, so a retry resumes from there instead of charging again.
ALTER TABLE idempotency_records
    ADD COLUMN recovery_point text NULL CHECK (length(recovery_point) BETWEEN 1 AND 100),
    ADD COLUMN resource_id    uuid NULL,
    ADD CONSTRAINT idempotency_records_recovery_point_names_resource
        CHECK ((recovery_point IS NULL) = (resource_id IS NULL));

-- When the recovery last asked the processor about a pending direct payment's charge, so that a
-- charge that stays pending at the processor is asked about again only after the threshold, after the others.
ALTER TABLE external_payments ADD COLUMN charge_asked_at timestamptz NULL;
CREATE INDEX external_payments_direct_pending
    ON external_payments (is_test, coalesce(charge_asked_at, created_at))
    WHERE status = 'pending' AND mode = 'direct';

-- The sandbox processor's own record of what it was asked to do, as a real processor keeps one:
-- one row per company and processor idempotency key, so the same key again changes nothing and
-- the question "what became of this charge?" has a true answer on every instance. `kind` leaves room
-- for the refunds and chargebacks the sandbox will simulate later, each under a key of its own.
CREATE TABLE sandbox_processor_charges (
    company_id    uuid        NOT NULL REFERENCES companies (id),
    processor_key text        NOT NULL CHECK (length(processor_key) BETWEEN 1 AND 255),
    kind          text        NOT NULL DEFAULT 'charge' CHECK (kind IN ('charge')),
    amount_minor  bigint      NOT NULL CHECK (amount_minor >= 1),
    currency      text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    decision      text        NOT NULL CHECK (decision IN ('approved', 'declined', 'pending')),
    created_at    timestamptz NOT NULL,
    PRIMARY KEY (company_id, processor_key)
);
