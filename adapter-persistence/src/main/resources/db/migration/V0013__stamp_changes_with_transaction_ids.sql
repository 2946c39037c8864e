-- Gap-free synchronization (docs/decisions.md "Gap-free sync cursors"). A clock time taken before
-- commit is no watermark: a transaction that commits late carries an older time than rows a
-- partner already read. So every write of a document or payment stamps the id of its transaction,
-- which the database assigns; the lists page in (change_xid, id) order and never return rows at or
-- beyond the oldest transaction still in flight, so a late commit lands after any cursor given out.
-- A trigger stamps it, so no writer (service code, operator SQL) can forget or fake it.
CREATE FUNCTION stamp_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.change_xid := pg_current_xact_id();
    RETURN NEW;
END;
$$;

-- Rows written before this migration take transaction id 0: they precede every later change. A
-- constant default is stored once in the catalog, so adding the column rewrites no row.
ALTER TABLE collection_documents ADD COLUMN change_xid xid8 NOT NULL DEFAULT '0';
ALTER TABLE collection_documents ALTER COLUMN change_xid DROP DEFAULT;
CREATE TRIGGER collection_documents_stamp_change BEFORE INSERT OR UPDATE ON collection_documents
    FOR EACH ROW EXECUTE FUNCTION stamp_change_xid();
CREATE INDEX collection_documents_changes ON collection_documents (company_id, is_test, change_xid, id);

ALTER TABLE payments ADD COLUMN change_xid xid8 NOT NULL DEFAULT '0';
ALTER TABLE payments ALTER COLUMN change_xid DROP DEFAULT;
CREATE TRIGGER payments_stamp_change BEFORE INSERT OR UPDATE ON payments
    FOR EACH ROW EXECUTE FUNCTION stamp_change_xid();
CREATE INDEX payments_changes ON payments (company_id, is_test, change_xid, id);
