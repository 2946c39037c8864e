-- A payment's externalPaymentId names one payment of a partner, whatever its kind, so the payments
-- list and detail agree. Settlements were named by the provider's payment id, which is free text
-- chosen by the partner (it could equal a verified payment's id, contain '/', or settle several
-- invoices); they become 'settlement:<invoice id>' (one settlement per invoice), and the provider's
-- payment id moves to a column of its own, where a repeated settlement is checked against it.
-- Checkout payments are already 'checkout:<checkout id>'.
ALTER TABLE payments ADD COLUMN provider_payment_id text NULL CHECK (length(provider_payment_id) BETWEEN 1 AND 255);

UPDATE payments p
   SET provider_payment_id = p.external_payment_id,
       external_payment_id = 'settlement:' || a.document_id,
       updated_at = now()
  FROM payment_applications a
 WHERE a.payment_id = p.id
   AND p.kind = 'PROVIDER_SETTLEMENT';

-- Before the reserved prefixes were refused, a partner could give a verified payment the very id
-- Recaudo gives one of its own payments. The partner's id stays (it is how the partner repeats its
-- payment); Recaudo's own payment takes a suffix, so every id names one payment.
UPDATE payments own
   SET external_payment_id = own.external_payment_id || ':' || left(own.id::text, 8),
       updated_at = now()
 WHERE own.kind <> 'VERIFIED'
   AND EXISTS (SELECT 1 FROM payments verified
                WHERE verified.kind = 'VERIFIED'
                  AND verified.company_id = own.company_id AND verified.is_test = own.is_test
                  AND verified.source = own.source AND verified.external_payment_id = own.external_payment_id);

-- Verified payments cannot take the reserved prefixes (settlement:, checkout:, external:), so ids are
-- unique per partner across kinds; the detail reads by this index, which also keeps a verified
-- payment recorded once, so the narrower index of verified payments alone is no longer needed.
CREATE UNIQUE INDEX payments_external_identity ON payments (company_id, is_test, source, external_payment_id);
DROP INDEX payments_verified_identity;
