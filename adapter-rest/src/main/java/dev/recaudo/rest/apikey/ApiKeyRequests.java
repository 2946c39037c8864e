package dev.recaudo.rest.apikey;

import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import dev.recaudo.rest.common.validation.Text;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The body of an API key's creation, checked and read into the key's specification. */
public final class ApiKeyRequests {

    static final String NAME_RULE = "must have 1 to " + ApiKey.NAME_LENGTH_MAX + " characters";

    private ApiKeyRequests() {}

    /** Absent, the permissions are the defaults, the environment is live and the rate is the configured default. */
    public record CreateKeyRequest(
            @Text(max = ApiKey.NAME_LENGTH_MAX, required = true, trimmed = true, refused = NAME_RULE) String name,
            List<String> permissions,
            @Text(max = ApiKey.SOURCE_LENGTH_MAX, trimmed = true) String source,
            String environment,
            Integer rateLimitRpm) {}

    /**
     * The shape rules are the record's annotations. The permissions and the environment are names the
     * domain reads, read here (each unknown permission named in the order sent), and the rate's bounds
     * are configuration; their problems take their field's place in the answer.
     */
    public static ApiKeySpec spec(RequestValidation validation, CreateKeyRequest body, RestSettings.ApiKeys limits) {
        RequestValidation.required(body);
        FieldErrors read = new FieldErrors();
        Set<Permission> permissions = permissions(body.permissions(), read);
        KeyEnvironment environment = body.environment() == null ? KeyEnvironment.LIVE
                : KeyEnvironment.fromWireName(body.environment()).orElse(null);
        if (environment == null) {
            read.add("environment", "must be live or test");
        }
        int rateLimitRpm = body.rateLimitRpm() == null ? limits.rpmDefault() : body.rateLimitRpm();
        if (rateLimitRpm < 1 || rateLimitRpm > limits.rpmMax()) {
            read.add("rateLimitRpm", "must be between 1 and " + limits.rpmMax());
        }
        FieldErrors errors = new FieldErrors();
        validation.check(body, read, errors);
        errors.throwIfAny();
        return new ApiKeySpec(body.name().trim(), permissions, Optional.ofNullable(body.source()).map(String::trim),
                environment, rateLimitRpm);
    }

    /** Absent, the defaults; present, at least one, each a permission's name. */
    private static Set<Permission> permissions(List<String> names, FieldErrors read) {
        Set<Permission> permissions = EnumSet.noneOf(Permission.class);
        if (names == null) {
            permissions.addAll(Permission.DEFAULTS);
        } else if (names.isEmpty()) {
            read.add("permissions", "must name at least one permission when present");
        }
        for (String name : names == null ? List.<String>of() : names) {
            Permission.fromWireName(name).ifPresentOrElse(permissions::add,
                    () -> read.add("permissions", "has an unknown permission: " + name));
        }
        return permissions;
    }
}
