-- Issue 26: the console's export of applied payments reads one company's applications of a period;
-- without this index it would read every company's.
CREATE INDEX payment_applications_applied ON payment_applications (company_id, is_test, applied_at);

-- The console's overview sums one company's payments of a month by when they were booked.
CREATE INDEX payments_created ON payments (company_id, is_test, created_at);
