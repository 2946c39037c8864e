-- Issue 26: the console's export of applied payments reads one company's applications of a period;
-- without this index it would read every company's.
CREATE INDEX payment_applications_applied ON payment_applications (company_id, is_test, applied_at);
