-- whatsapp_event_days counts the events stored per company, UTC day and status; the statement that
-- stores events adds them (PgMessagingEventRepository.insertAll). Deleting events (retention, or an
-- operator erasing a customer's statuses) left the counts behind, so whole-day summaries and
-- totalPages counted events no page could show. This trigger takes deleted events out of their
-- day's count in the deleting statement, whoever runs it, an instance of the previous version
-- during a rolling deploy included. Both sides change a count relative to its current value under
-- the row's lock, so an ingestion and a deletion touching the same day serialise without losing
-- either. GREATEST keeps a count that was already short (rows written by hand) from failing the
-- deletion on the CHECK; it never hides a normal deletion, whose events were all counted.
CREATE FUNCTION uncount_deleted_whatsapp_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE whatsapp_event_days d SET events = greatest(d.events - gone.events, 0)
    FROM (SELECT company_id, (received_at AT TIME ZONE 'UTC')::date AS day, status, count(*) AS events
          FROM deleted_events GROUP BY 1, 2, 3) gone
    WHERE d.company_id = gone.company_id AND d.day = gone.day AND d.status = gone.status;
    RETURN NULL;
END;
$$;

-- Creating the trigger locks whatsapp_events against writes until this migration commits, so the
-- recount below sees no ingestion or deletion in flight.
CREATE TRIGGER whatsapp_events_uncount_deleted AFTER DELETE ON whatsapp_events
    REFERENCING OLD TABLE AS deleted_events
    FOR EACH STATEMENT EXECUTE FUNCTION uncount_deleted_whatsapp_events();

-- Counts of days retention has already purged: set every day to the events it holds now.
WITH recount AS (
    SELECT d.company_id, d.day, d.status,
           (SELECT count(*) FROM whatsapp_events e
             WHERE e.company_id = d.company_id AND e.status = d.status
               AND e.received_at >= d.day::timestamp AT TIME ZONE 'UTC'
               AND e.received_at < (d.day + 1)::timestamp AT TIME ZONE 'UTC') AS events
    FROM whatsapp_event_days d)
UPDATE whatsapp_event_days d SET events = recount.events
FROM recount
WHERE d.company_id = recount.company_id AND d.day = recount.day AND d.status = recount.status
  AND d.events <> recount.events;
