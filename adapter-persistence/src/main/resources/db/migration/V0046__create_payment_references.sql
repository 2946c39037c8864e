-- The reference a payer types into a bank transfer (issue 23, rail two): one per checkout, issued when
-- the page first asks for it and stable after. The reference is unique across all companies, so a
-- statement line names one checkout whatever account it was imported for.
CREATE TABLE payment_references (
    reference   text PRIMARY KEY CHECK (reference ~ '^RC[0-9]{11}$'),
    checkout_id uuid        NOT NULL UNIQUE REFERENCES checkouts (id),
    company_id  uuid        NOT NULL REFERENCES companies (id),
    is_test     boolean     NOT NULL,
    created_at  timestamptz NOT NULL
);
