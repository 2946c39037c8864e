-- The dead-deliveries gauge counts dead deliveries every few seconds on every instance: a partial
-- index keeps that a read of the (few) dead rows, not a scan of every delivery ever made. The
-- endpoint is in the index so that deliveries of removed endpoints are left out without a heap read.
CREATE INDEX webhook_deliveries_dead ON webhook_deliveries (endpoint_id) WHERE status = 'DEAD';
