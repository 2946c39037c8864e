-- Issue 23 review fixes (bank): a confirmed credit that could not pay its checkout's invoice became
-- the customer's credit, and its entry says so (CREDITED); confirming one proposal of an entry
-- supersedes the entry's other open proposals, since one credit pays once.
ALTER TABLE bank_statement_entries DROP CONSTRAINT bank_statement_entries_status_check;
ALTER TABLE bank_statement_entries ADD CONSTRAINT bank_statement_entries_status_check
    CHECK (status IN ('UNMATCHED', 'MATCHED', 'PROPOSED', 'REVERSED', 'CREDITED'));
ALTER TABLE reconciliation_proposals DROP CONSTRAINT reconciliation_proposals_status_check;
ALTER TABLE reconciliation_proposals ADD CONSTRAINT reconciliation_proposals_status_check
    CHECK (status IN ('OPEN', 'CONFIRMED', 'DISMISSED', 'SUPERSEDED'));
