-- Key pairs that sign access tokens, shared by every instance and kept across restarts.
CREATE TABLE signing_keys (
    name             text PRIMARY KEY,
    algorithm        text        NOT NULL,
    private_key      bytea       NOT NULL,
    public_key       bytea       NOT NULL,
    created_at       timestamptz NOT NULL
);
