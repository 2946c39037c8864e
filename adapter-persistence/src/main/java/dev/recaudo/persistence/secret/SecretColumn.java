package dev.recaudo.persistence.secret;

import java.util.List;

/**
 * A column that holds a secret, sealed at rest, with the column naming its row. The table, column
 * and row id are bound into each sealed value, so a value copied into another row or column does not
 * open. {@code binary} columns are {@code bytea}, the others {@code text}.
 */
public record SecretColumn(String table, String idColumn, String column, boolean binary) {

    /** Token signing key pairs and the secrets that seal cursors and page tokens. */
    public static final SecretColumn SIGNING_KEYS = new SecretColumn("signing_keys", "name", "private_key", true);

    /** The secret that signs an endpoint's lifecycle webhooks. */
    public static final SecretColumn WEBHOOK_ENDPOINTS = new SecretColumn("webhook_endpoints", "id", "secret", false);

    /** An endpoint's replaced secret, which still signs until its overlap ends. */
    public static final SecretColumn WEBHOOK_ENDPOINTS_PREVIOUS =
            new SecretColumn("webhook_endpoints", "id", "previous_secret", false);

    /** The secret that signs a company's external payment callbacks. */
    public static final SecretColumn EXTERNAL_PAYMENT_SECRETS =
            new SecretColumn("external_payment_secrets", "company_id", "secret", false);

    /** A company's secret (or restricted) key at a card rail. */
    public static final SecretColumn CARD_RAIL_SECRET_KEYS =
            new SecretColumn("card_rail_credentials", "id", "secret_key", false);

    /** The secret a card rail signs a company's events with. */
    public static final SecretColumn CARD_RAIL_WEBHOOK_SECRETS =
            new SecretColumn("card_rail_credentials", "id", "webhook_secret", false);

    /** Every sealed column: the re-sealing pass covers exactly these. */
    public static final List<SecretColumn> ALL = List.of(SIGNING_KEYS, WEBHOOK_ENDPOINTS, WEBHOOK_ENDPOINTS_PREVIOUS,
            EXTERNAL_PAYMENT_SECRETS, CARD_RAIL_SECRET_KEYS, CARD_RAIL_WEBHOOK_SECRETS);

    /** How error messages and logs name a value: by table, column and row, never by its content. */
    String describe(Object rowId) {
        return table + "." + column + " of row " + rowId;
    }
}
