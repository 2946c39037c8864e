-- The sandbox processor's own record of the refunds it was asked for (issue 22, section 6): one row
-- per processor key, the first answer kept, so a refund asked twice, from any instance, is refunded once.
CREATE TABLE sandbox_refunds (
    processor_key text PRIMARY KEY CHECK (length(processor_key) <= 255),
    company_id    uuid        NOT NULL REFERENCES companies (id),
    is_test       boolean     NOT NULL,
    currency      text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    amount_minor  bigint      NOT NULL CHECK (amount_minor >= 1),
    reference     text        NOT NULL,
    declined      boolean     NOT NULL,
    created_at    timestamptz NOT NULL
);
