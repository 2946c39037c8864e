-- How a receiving account's CSV statements are read (issue 23): the header naming each field, the
-- decimal separator, the date format and an optional reversal column. One row per account at most;
-- an account without one reads the default mapping (docs/reference/collection.md).
CREATE TABLE receiving_account_csv_mappings (
    account_id           uuid PRIMARY KEY REFERENCES receiving_accounts (id),
    company_id           uuid        NOT NULL REFERENCES companies (id),
    date_column          text        NOT NULL CHECK (length(date_column) BETWEEN 1 AND 100),
    amount_column        text        NOT NULL CHECK (length(amount_column) BETWEEN 1 AND 100),
    currency_column      text        NOT NULL CHECK (length(currency_column) BETWEEN 1 AND 100),
    reference_column     text        NOT NULL CHECK (length(reference_column) BETWEEN 1 AND 100),
    bank_reference_column text       NOT NULL CHECK (length(bank_reference_column) BETWEEN 1 AND 100),
    payer_name_column    text        NOT NULL CHECK (length(payer_name_column) BETWEEN 1 AND 100),
    payer_id_column      text        NOT NULL CHECK (length(payer_id_column) BETWEEN 1 AND 100),
    description_column   text        NOT NULL CHECK (length(description_column) BETWEEN 1 AND 100),
    decimal_separator    text        NOT NULL CHECK (decimal_separator IN ('.', ',')),
    date_format          text        NOT NULL CHECK (length(date_format) BETWEEN 1 AND 20),
    reversal_column      text        NULL CHECK (length(reversal_column) BETWEEN 1 AND 100),
    updated_at           timestamptz NOT NULL
);
CREATE INDEX receiving_account_csv_mappings_company ON receiving_account_csv_mappings (company_id);
