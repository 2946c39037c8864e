-- Messaging confirmations: every WhatsApp status a company's origins reported, once per company,
-- message and status (the provider redelivers at least once), and a per-day, per-status count kept
-- in the same statement that stores them, so that a summary over years reads a few rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE whatsapp_events (
    id                 uuid PRIMARY KEY,
    company_id         uuid        NOT NULL REFERENCES companies (id),
    phone_number_id    text        NOT NULL CHECK (length(phone_number_id) BETWEEN 1 AND 64),
    message_id         text        NOT NULL CHECK (length(message_id) BETWEEN 1 AND 256),
    status             text        NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
    recipient_phone    text        NOT NULL CHECK (length(recipient_phone) BETWEEN 1 AND 64),
    provider_timestamp timestamptz NULL,
    received_at        timestamptz NOT NULL,
    error_code         text        NULL CHECK (length(error_code) <= 64),
    error_title        text        NULL CHECK (length(error_title) <= 500),
    UNIQUE (company_id, message_id, status)
);
-- The query's order and date windows, with and without a status.
CREATE INDEX whatsapp_events_received ON whatsapp_events (company_id, received_at DESC, id DESC);
CREATE INDEX whatsapp_events_status_received ON whatsapp_events (company_id, status, received_at DESC, id DESC);
-- The recipient phone's partial match (LIKE '%...%').
CREATE INDEX whatsapp_events_phone_trigrams ON whatsapp_events USING gin (recipient_phone gin_trgm_ops);

-- Events stored per company, UTC day of received_at, and status.
CREATE TABLE whatsapp_event_days (
    company_id uuid   NOT NULL REFERENCES companies (id),
    day        date   NOT NULL,
    status     text   NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
    events     bigint NOT NULL CHECK (events >= 0),
    PRIMARY KEY (company_id, day, status)
);
