-- A failed administrator login is counted, a successful one is not (issue 21): a login takes one
-- failure's room in its counters before the password is checked, so that concurrent guesses cannot
-- pass the limit, and a success gives that room back. A counter may therefore go back to zero.
ALTER TABLE rate_limit_counters DROP CONSTRAINT rate_limit_counters_hits_check;
ALTER TABLE rate_limit_counters ADD CONSTRAINT rate_limit_counters_hits_check CHECK (hits >= 0);
