-- Issue 23: a live direct payment keeps the processor's payment-method token from its creation (phase 1)
-- for its charge (phase 2), and the processor's reference of the charge and the page the payer must
-- visit (3-D Secure) once the processor answered, so that the processor's events find the payment.
ALTER TABLE external_payments
    ADD COLUMN payment_method      text NULL CHECK (length(payment_method) <= 255),
    ADD COLUMN processor_reference text NULL CHECK (length(processor_reference) <= 255),
    ADD COLUMN next_action_url     text NULL CHECK (length(next_action_url) <= 2048);

CREATE INDEX external_payments_processor_reference_idx
    ON external_payments (company_id, processor_reference) WHERE processor_reference IS NOT NULL;

-- The processor events applied, one row per (company, rail, event id), inserted in the transaction of the
-- event's effect: a repeated event, or a concurrent twin, finds its row and applies nothing.
CREATE TABLE processor_events (
    company_id  uuid        NOT NULL REFERENCES companies (id),
    rail        text        NOT NULL CHECK (rail ~ '^[a-z]{1,32}$'),
    event_id    text        NOT NULL CHECK (length(event_id) <= 255),
    event_type  text        NOT NULL CHECK (length(event_type) <= 64),
    received_at timestamptz NOT NULL,
    PRIMARY KEY (company_id, rail, event_id)
);
