-- Issue 22: a hosted external payment no longer cancels its invoice's checkout (docs/decisions.md,
-- "One payable page per invoice"), and canceling the hosted payment no longer issues a new one.
-- Checkouts the earlier rule canceled for a hosted payment that is still pending are therefore
-- payable again: the invoice's newest checkout, canceled, of an open invoice with no money applied
-- and a pending hosted payment for the whole balance (a part-payment one from before issue 22's
-- exact-balance rule would strand the rest), for the invoice's whole balance. Any other canceled checkout was
-- canceled by an amount change (a newer checkout exists), an annulment or a partial payment.
UPDATE checkouts c
   SET status = 'PENDING', updated_at = now()
  FROM collection_documents d
 WHERE d.id = c.document_id
   AND c.status = 'canceled'
   AND d.status = 'CREATED'
   AND d.applied_minor = 0
   AND d.balance_minor = c.amount_minor
   AND d.currency = c.currency
   AND EXISTS (SELECT 1 FROM external_payments e
                WHERE e.invoice_id = d.id AND e.status = 'pending' AND e.mode = 'hosted'
                  AND e.amount_minor = d.balance_minor AND e.currency = d.currency)
   AND NOT EXISTS (SELECT 1 FROM checkouts other
                    WHERE other.document_id = c.document_id
                      AND (other.status = 'PENDING' OR (other.created_at, other.id) > (c.created_at, c.id)));
