-- Issue 26: a reconciliation proposal above its currency's amount needs two people. The first
-- confirmation is kept here (who and when) and moves nothing; the second, by another person, applies
-- the money as before. The release before neither reads nor writes these columns.
ALTER TABLE reconciliation_proposals ADD COLUMN first_confirmed_by uuid NULL;
ALTER TABLE reconciliation_proposals ADD COLUMN first_confirmed_at timestamptz NULL;
