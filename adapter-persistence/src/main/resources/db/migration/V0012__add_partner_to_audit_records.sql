-- Audit records belong to the partner whose key wrote them: its source, or for a key without a
-- source the key's lineage ('source:<source>' or 'lineage:<lineage id>', see PartnerScope). Request ids may
-- be chosen by the client, so records are found by company, environment, partner and request id.
ALTER TABLE audit_records ADD COLUMN partner text;

UPDATE audit_records r
   SET partner = coalesce('source:' || k.source, 'lineage:' || k.lineage_id)
  FROM api_keys k
 WHERE k.id = r.api_key_id;
-- Every record so far names its key; one that does not belongs to no partner and stays unreadable.
UPDATE audit_records SET partner = 'unattributed' WHERE partner IS NULL;

ALTER TABLE audit_records ALTER COLUMN partner SET NOT NULL;

DROP INDEX audit_records_request;
CREATE INDEX audit_records_request ON audit_records (company_id, is_test, partner, request_id);
