-- Issue 26: the console's document page lists the deliveries of the document's events, whatever their
-- state; the existing index by document covers pending deliveries only.
CREATE INDEX webhook_deliveries_document ON webhook_deliveries (aggregate_id, seq) WHERE aggregate_id IS NOT NULL;
