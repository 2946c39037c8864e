-- The events query compares phones digits with digits: a filter in the spec's format (+58 412...)
-- must find what the provider reported as 58412... Its partial match (LIKE '%...%') runs on the
-- digits of recipient_phone, through a trigram index on exactly that expression
-- (PgMessagingEventRepository.PHONE_DIGITS); the index on the text as stored has no query left.
CREATE INDEX whatsapp_events_phone_digit_trigrams ON whatsapp_events
    USING gin ((regexp_replace(recipient_phone, '[^0-9]', '', 'g')) gin_trgm_ops);
DROP INDEX whatsapp_events_phone_trigrams;
