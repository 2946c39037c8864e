-- A job's lease is renewed while it runs (docs/decisions.md "Job leases"); every claim takes a new
-- token, and renewal and completion name it, so an instance that lost its lease cannot touch the job.
ALTER TABLE jobs ADD COLUMN lease_token uuid NULL;

-- A webhook endpoint belongs to one environment (docs/decisions.md "Webhook environments"): events
-- of test keys go only to test endpoints, live events only to live ones. Endpoints registered
-- before this migration are live, the default; every new row states its environment.
ALTER TABLE webhook_endpoints ADD COLUMN is_test boolean NOT NULL DEFAULT false;
ALTER TABLE webhook_endpoints ALTER COLUMN is_test DROP DEFAULT;
