-- An instance leases several hits of a window at once (issue 24): the upsert adds as many as fit
-- under the limit and must answer how many that was. UPDATE ... RETURNING sees only the new row, so
-- the grant is kept beside the count; it is meaningful only to the statement that wrote it. A
-- constant default makes the new column a catalogue change, without rewriting the table.
ALTER TABLE rate_limit_counters ADD COLUMN granted integer NOT NULL DEFAULT 0;
