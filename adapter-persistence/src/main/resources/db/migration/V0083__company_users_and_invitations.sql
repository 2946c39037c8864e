-- People of a company (docs/console.md): each with a role. Every existing row is a company's
-- administrator, which the default keeps; the release before reads and writes no role, and every
-- row it inserts (an administrator the operator creates) gets the default. A viewer's or a clerk's
-- password_hash is kept behind a "!" (StoredPasswordHash), which bcrypt reads as no hash: the release
-- before, which takes every row for an administrator, signs them in as no one.
-- expand: a new column's check, which every existing row and every row the release before writes pass
ALTER TABLE admin_users ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('viewer', 'clerk', 'admin'));

-- An administrator invites a person by e-mail with a role; the link's token is kept as its SHA-256
-- only, and accepting it, once, sets the person's password.
CREATE TABLE company_invitations (
    id          uuid PRIMARY KEY,
    company_id  uuid NOT NULL REFERENCES companies (id),
    email       text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 200),
    role        text NOT NULL CHECK (role IN ('viewer', 'clerk', 'admin')),
    token_hash  bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
    invited_by  uuid NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL CHECK (expires_at > created_at),
    accepted_at timestamptz,
    revoked_at  timestamptz
);

CREATE INDEX company_invitations_company ON company_invitations (company_id, created_at DESC);
