package dev.recaudo.rest.common;

/**
 * Every error the HTTP edge can answer, with its status and code in each envelope family. The
 * numeric codes are those of the public invoice API (also used by administration); the string
 * codes are those of the integrations API. External payments and the checkout helper carry only
 * the status, like {@link #integrationsStatus}.
 */
public enum Problem {
    //                       public/admin      integrations
    AUTHENTICATION(          401, 10002, "authentication_error",    401, "invalid_api_key"),
    INVALID_SIGNATURE(       401, 10002, "authentication_error",    401, "invalid_signature"),
    INVALID_TIMESTAMP(       401, 10002, "authentication_error",    401, "invalid_timestamp"),
    FORBIDDEN(               403, 10005, "forbidden",               403, "forbidden"),
    NOT_FOUND(               404, 10004, "not_found",               404, "not_found"),
    METHOD_NOT_ALLOWED(      405, 10004, "not_found",               405, "method_not_allowed"),
    CONFLICT(                409, 10009, "conflict",                409, "conflict"),
    STALE_WRITE(             409, 10009, "conflict",                409, "stale_write"),
    IDEMPOTENCY_MISMATCH(    409, 10003, "idempotency_error",       409, "idempotency_conflict"),
    IDEMPOTENCY_IN_PROGRESS( 409, 10010, "idempotency_in_progress", 409, "idempotency_in_progress"),
    MISSING_IDEMPOTENCY_KEY( 422, 10001, "validation_error",        400, "missing_idempotency_key"),
    VALIDATION(              422, 10001, "validation_error",        400, "validation_error"),
    SOURCE_MISMATCH(         422, 10001, "validation_error",        403, "source_mismatch"),
    MALFORMED_BODY(          422, 10001, "validation_error",        400, "invalid_json"),
    PAYLOAD_TOO_LARGE(       413, 10001, "validation_error",        413, "payload_too_large"),
    UNSUPPORTED_MEDIA_TYPE(  415, 10001, "validation_error",        415, "unsupported_media_type"),
    NOT_ACCEPTABLE(          406, 10001, "validation_error",        406, "not_acceptable"),
    RATE_LIMITED(            429, 10029, "rate_limit_error",        429, "rate_limited"),
    INTERNAL(                500, 10101, "INTERNAL_ERROR",          500, "internal_error"),
    SERVICE_UNAVAILABLE(     503, 10103, "service_unavailable",     503, "service_unavailable");

    private final int publicStatus;
    private final int publicCode;
    private final String publicCodeName;
    private final int integrationsStatus;
    private final String integrationsCode;

    Problem(int publicStatus, int publicCode, String publicCodeName, int integrationsStatus, String integrationsCode) {
        this.publicStatus = publicStatus;
        this.publicCode = publicCode;
        this.publicCodeName = publicCodeName;
        this.integrationsStatus = integrationsStatus;
        this.integrationsCode = integrationsCode;
    }

    public int publicStatus() {
        return publicStatus;
    }

    public int publicCode() {
        return publicCode;
    }

    public String publicCodeName() {
        return publicCodeName;
    }

    public int integrationsStatus() {
        return integrationsStatus;
    }

    public String integrationsCode() {
        return integrationsCode;
    }
}
