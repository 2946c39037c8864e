-- Fixed-window request counters shared by every instance; one row per bucket and window.
CREATE TABLE rate_limit_counters (
    bucket       text        NOT NULL,
    window_start timestamptz NOT NULL,
    window_end   timestamptz NOT NULL,
    hits         bigint      NOT NULL CHECK (hits >= 1),
    PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limit_counters_window_end ON rate_limit_counters (window_end);
