-- Fair webhook dispatch (docs/decisions.md, "Fair dispatch"). A delivery names what its event is
-- about (the invoice) and gets a number in the order deliveries are written: deliveries about one
-- invoice to one endpoint go out one at a time, in that order, so invoice.paid never overtakes
-- invoice.created. Events about one invoice are written by transactions that lock the invoice, one
-- after the other, so their numbers follow the events' order. Deliveries written before this
-- migration have no invoice and are numbered in the table's order; none of them waits for another.
ALTER TABLE webhook_deliveries ADD COLUMN aggregate_id uuid NULL;
ALTER TABLE webhook_deliveries ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;

-- An endpoint that keeps failing is paused: failed attempts in a row, pauses in a row (each twice
-- as long as the one before), and the end (excluded) of the last pause, kept until a success.
ALTER TABLE webhook_endpoints
    ADD COLUMN consecutive_failures integer     NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
    ADD COLUMN pauses               integer     NOT NULL DEFAULT 0 CHECK (pauses >= 0),
    ADD COLUMN paused_until         timestamptz NULL,
    ADD CONSTRAINT webhook_endpoints_pause_end CHECK ((pauses > 0) = (paused_until IS NOT NULL));

-- The claim walks the endpoints that have pending deliveries (one probe each, skipping from one
-- endpoint to the next) and reads the oldest due ones of each; a delivery waits for the pending
-- deliveries about the same invoice to the same endpoint with a lower number. Attempts in flight
-- are the pending deliveries under a lease, counted per endpoint.
CREATE INDEX webhook_deliveries_pending_by_endpoint ON webhook_deliveries (endpoint_id, next_attempt_at, seq)
    WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_pending_by_invoice ON webhook_deliveries (endpoint_id, aggregate_id, seq)
    WHERE status = 'PENDING' AND aggregate_id IS NOT NULL;
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (endpoint_id, leased_until)
    WHERE status = 'PENDING' AND leased_until IS NOT NULL;
-- The claim no longer reads due deliveries across every endpoint by time; the backlog gauge still
-- reads the oldest due one, which the new index answers per endpoint only, so this one stays.
