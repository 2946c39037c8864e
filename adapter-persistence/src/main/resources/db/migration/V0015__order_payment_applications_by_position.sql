-- A payment shows its applications in the order they were made, which is the order the partner
-- listed the documents. That order used to be looked up in the ledger for every read (the first
-- entry of each application's transfer), a lookup PostgreSQL could plan as a walk of the whole
-- ledger. Each application now carries its place in the payment (docs/decisions.md "Payment
-- applications keep their position"), so the read never touches the ledger.
ALTER TABLE payment_applications ADD COLUMN position integer;

-- Existing applications take the order they were shown in until now; one pass over the ledger.
UPDATE payment_applications a SET position = ordered.position
FROM (SELECT x.id, row_number() OVER (PARTITION BY x.payment_id ORDER BY x.applied_at, first.entry_id) - 1 AS position
      FROM payment_applications x
      JOIN (SELECT e.transfer_id, min(e.id) AS entry_id FROM ledger_entries e
            WHERE e.transfer_id IN (SELECT transfer_id FROM payment_applications) GROUP BY e.transfer_id) first
        ON first.transfer_id = x.transfer_id) ordered
WHERE ordered.id = a.id;

ALTER TABLE payment_applications ALTER COLUMN position SET NOT NULL;
ALTER TABLE payment_applications ADD CONSTRAINT payment_applications_position_not_negative CHECK (position >= 0);
-- One application per place; it also serves every lookup by payment, so the old index goes.
CREATE UNIQUE INDEX payment_applications_payment_position ON payment_applications (payment_id, position);
DROP INDEX payment_applications_payment;
