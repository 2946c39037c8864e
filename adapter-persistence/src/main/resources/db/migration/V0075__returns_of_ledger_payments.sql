-- Money returned of a ledger payment no external payment holds (issue 23): a lost dispute or a
-- dashboard refund of an invoice's checkout paid by card, a bank credit reversed. Such a return names
-- the ledger payment (payment_id, already kept for every refund) and neither partner nor external
-- payment; it is always a chargeback (nobody asked for it), and is booked once per rail reference.
ALTER TABLE refunds ALTER COLUMN partner DROP NOT NULL;
ALTER TABLE refunds ALTER COLUMN external_payment_id DROP NOT NULL;
ALTER TABLE refunds ADD CONSTRAINT refunds_names_its_payment
    CHECK (payment_id IS NOT NULL AND (partner IS NULL) = (external_payment_id IS NULL));
ALTER TABLE refunds ADD CONSTRAINT refunds_of_ledger_payment_are_returns
    CHECK (external_payment_id IS NOT NULL OR kind = 'chargeback');
CREATE UNIQUE INDEX refunds_ledger_payment_return_once ON refunds (payment_id, processor_reference)
    WHERE external_payment_id IS NULL AND processor_reference IS NOT NULL;
