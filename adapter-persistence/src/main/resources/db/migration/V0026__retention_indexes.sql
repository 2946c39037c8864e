-- The janitor deletes records past their retention oldest first, in small batches (ExpiredRowsJanitor):
-- each batch reads its rows from the front of one of these indexes instead of scanning the table, so a
-- run that finds nothing left to delete costs a few index pages. Each is on a column set once, at
-- insert, so updates of these rows stay heap-only where they were.
CREATE INDEX idempotency_records_created ON idempotency_records (created_at);
CREATE INDEX outbox_events_created ON outbox_events (created_at);
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at);
CREATE INDEX external_payment_callbacks_created ON external_payment_callbacks (created_at);
-- WhatsApp events get a BRIN index instead: a B-tree on received_at alone tempted the planner to
-- walk every company's events for one company's newest page (MessagingPlansTest); a BRIN index
-- cannot give an order, so only the janitor's range read uses it (events arrive in time order).
CREATE INDEX whatsapp_events_received_at ON whatsapp_events USING brin (received_at);
CREATE INDEX audit_records_created ON audit_records (created_at);
