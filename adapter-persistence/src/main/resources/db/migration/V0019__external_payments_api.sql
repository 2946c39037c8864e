-- The external payments API: one spelling of the cancelled state across the API (canceled, as
-- invoices and checkouts spell it), a failed state for a direct payment the processor declines,
-- the partner that owns each payment, the hosted checkout's id, and the payment kind EXTERNAL.
ALTER TABLE external_payments DROP CONSTRAINT external_payments_status_check;
UPDATE external_payments SET status = 'canceled' WHERE status = 'cancelled';
ALTER TABLE external_payments ADD CONSTRAINT external_payments_status_check
    CHECK (status IN ('pending', 'completed', 'failed', 'canceled'));

-- Rows from before this migration were made by no partner in particular: their key's lineage owns them.
ALTER TABLE external_payments ADD COLUMN partner text NULL CHECK (length(partner) BETWEEN 1 AND 200);
UPDATE external_payments e SET partner = coalesce('source:' || k.source, 'lineage:' || k.lineage_id)
  FROM api_keys k WHERE k.id = e.api_key_id;
ALTER TABLE external_payments ALTER COLUMN partner SET NOT NULL;

ALTER TABLE external_payments ADD COLUMN checkout_id uuid NULL UNIQUE;
ALTER TABLE external_payments ADD COLUMN description text NULL CHECK (length(description) <= 2000);
ALTER TABLE external_payments ADD COLUMN redirect_url text NULL CHECK (length(redirect_url) <= 2048);
ALTER TABLE external_payments ADD CONSTRAINT external_payments_hosted_checkout
    CHECK ((mode = 'hosted') = (checkout_id IS NOT NULL)) NOT VALID;
ALTER TABLE external_payments ADD CONSTRAINT external_payments_completed_payment
    CHECK ((status = 'completed') = (payment_id IS NOT NULL)) NOT VALID;

-- The list a partner reads: its own payments, newest first.
CREATE INDEX external_payments_partner_created
    ON external_payments (company_id, is_test, partner, created_at DESC, id DESC);
DROP INDEX external_payments_created;
-- One payable route per document: at most one pending hosted external payment for an invoice.
CREATE UNIQUE INDEX external_payments_one_pending_hosted
    ON external_payments (invoice_id) WHERE status = 'pending' AND mode = 'hosted' AND invoice_id IS NOT NULL;

ALTER TABLE payments DROP CONSTRAINT payments_kind_check;
ALTER TABLE payments ADD CONSTRAINT payments_kind_check
    CHECK (kind IN ('PROVIDER_SETTLEMENT', 'CHECKOUT', 'VERIFIED', 'EXTERNAL'));
