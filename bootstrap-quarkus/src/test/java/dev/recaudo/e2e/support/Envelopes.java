package dev.recaudo.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.response.Response;

/** The error envelope of each family, checked key by key, so a family answering in another's shape fails. */
public final class Envelopes {

    private Envelopes() {}

    /** Public invoice API and administration: {@code {message, code, code_name, errors}}. */
    public static void assertPublic(Response response, int status, int code) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
        assertThat(response.jsonPath().getMap("")).containsOnlyKeys("message", "code", "code_name", "errors");
        assertThat(response.jsonPath().getInt("code")).isEqualTo(code);
    }

    /** Integrations API: {@code {error: {code, message, requestId}}}. */
    public static void assertIntegrations(Response response, int status, String code) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
        assertThat(response.jsonPath().getMap("")).containsOnlyKeys("error");
        assertThat(response.jsonPath().getMap("error")).containsOnlyKeys("code", "message", "requestId");
        assertThat(response.jsonPath().getString("error.code")).isEqualTo(code);
    }

    /** External payments and checkout: {@code {statusCode, message, error, timestamp, path}}. */
    public static void assertStatus(Response response, int status, String path) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
        assertThat(response.jsonPath().getMap("")).containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
        assertThat(response.jsonPath().getInt("statusCode")).isEqualTo(status);
        assertThat(response.jsonPath().getString("path")).isEqualTo(path);
    }
}
