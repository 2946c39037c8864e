-- A payment's externalPaymentId names one payment of a partner, whatever its kind, so the payments
-- list and detail agree. Settlements were named by the provider's payment id, which is free text
-- chosen by the partner (it could equal a verified payment's id, contain '/', or settle several
-- invoices); they become 'settlement:<invoice id>' (one settlement per invoice). The provider's
-- payment id stays on the invoice's checkout. Checkout payments are already 'checkout:<checkout id>'.
UPDATE payments p
   SET external_payment_id = 'settlement:' || a.document_id,
       updated_at = now()
  FROM payment_applications a
 WHERE a.payment_id = p.id
   AND p.kind = 'PROVIDER_SETTLEMENT';

-- Verified payments cannot take the reserved prefixes (settlement:, checkout:, external:), so ids are
-- unique per partner across kinds; the detail reads by this index.
CREATE UNIQUE INDEX payments_external_identity ON payments (company_id, is_test, source, external_payment_id);
