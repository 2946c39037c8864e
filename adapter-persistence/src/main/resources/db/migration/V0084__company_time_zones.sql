-- Issue 26: where a company's days and months begin ("this month", aging, statements). An IANA
-- region name or UTC, checked by the application (Company.timeZoneNamed); the bound keeps a row small.
-- The release before this one never writes the column, so its inserts take the default, UTC, the zone
-- every company's days were counted in before there was a setting.
-- expand: a new column with a default and a check that every row the release before writes passes
ALTER TABLE companies ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC' CHECK (length(time_zone) BETWEEN 1 AND 64);
