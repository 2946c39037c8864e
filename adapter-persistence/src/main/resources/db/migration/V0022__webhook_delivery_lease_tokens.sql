-- A delivery's claim gets a token, new at every claim, as a job's does (V0014): recording an attempt
-- requires the token, so an instance whose send outlasted its lease, after another instance claimed
-- the delivery again, cannot record a second attempt or overwrite the newer holder's state.
ALTER TABLE webhook_deliveries ADD COLUMN lease_token uuid NULL;
