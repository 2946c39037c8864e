-- V0026 indexed external_payment_callbacks by created_at for the janitor; callbacks are no longer
-- purged (they are kept as long as their payment), and no other statement reads them by created_at
-- alone: the dispatcher's claim and the backlog gauge read the queued ones through their partial
-- indexes (V0018, V0030), a payment's attempts through the payment's unique key. EXPLAIN of each
-- uses another index, so this one only cost a write per callback.
DROP INDEX external_payment_callbacks_created;
