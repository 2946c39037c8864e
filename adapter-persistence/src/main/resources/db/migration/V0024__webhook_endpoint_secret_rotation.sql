-- A rotation gives an endpoint a new secret and keeps the replaced one signing, next to it, until
-- previous_secret_expires_at (excluded), so receivers can switch secrets without refusing a delivery.
-- Both columns are set together or not at all; a later rotation overwrites them.
ALTER TABLE webhook_endpoints
    ADD COLUMN previous_secret            text        NULL,
    ADD COLUMN previous_secret_expires_at timestamptz NULL,
    ADD CONSTRAINT webhook_endpoints_previous_secret_expires
        CHECK ((previous_secret IS NULL) = (previous_secret_expires_at IS NULL));
