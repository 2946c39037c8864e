-- What every instance must know about the sealing of stored secrets, across restarts (issue 21).
-- 'plaintext_retired': the re-sealing pass once found no plaintext value in any sealed column. From
-- then on every secret the service writes is sealed, so a plaintext one can only have been written
-- around it, and production refuses to use it. A fact is recorded once and never withdrawn.
CREATE TABLE secret_sealing_milestones (
    milestone  text        PRIMARY KEY CHECK (milestone IN ('plaintext_retired')),
    reached_at timestamptz NOT NULL
);
