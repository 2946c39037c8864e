-- A job's lease is renewed while it runs (docs/decisions.md "Job leases"); every claim takes a new
-- token, and renewal and completion name it, so an instance that lost its lease cannot touch the job.
ALTER TABLE jobs ADD COLUMN lease_token uuid NULL;
