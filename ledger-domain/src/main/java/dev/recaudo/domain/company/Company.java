package dev.recaudo.domain.company;

import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A tenant. Its reference currency is its financial configuration: without one, money cannot be
 * expressed in the public invoice API, so money operations are refused until an operator sets it.
 * Its time zone says where its days and months begin: "this month", aging and statements follow it.
 */
public record Company(
        CompanyId id, String name, Optional<CurrencyCode> referenceCurrency, ZoneId timeZone, boolean enabled, Instant createdAt) {

    public static final int NAME_LENGTH_MAX = 200;

    /** A company whose time zone was never set keeps UTC, where Recaudo counted every day before there was a setting. */
    public static final ZoneId DEFAULT_TIME_ZONE = ZoneOffset.UTC;

    public Company {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(referenceCurrency, "referenceCurrency");
        Objects.requireNonNull(timeZone, "timeZone");
        Objects.requireNonNull(createdAt, "createdAt");
        if (name == null || name.isBlank() || name.length() > NAME_LENGTH_MAX) {
            throw new IllegalArgumentException("company name must have 1 to " + NAME_LENGTH_MAX + " characters");
        }
    }

    public boolean hasFinancialConfiguration() {
        return referenceCurrency.isPresent();
    }

    /**
     * Whether money may be taken for the company now: it is enabled and has its financial
     * configuration, as every money operation of the API requires.
     */
    public boolean takesPayments() {
        return enabled && hasFinancialConfiguration();
    }

    public Company withEnabled(boolean newEnabled) {
        return new Company(id, name, referenceCurrency, timeZone, newEnabled, createdAt);
    }

    public Company withReferenceCurrency(Optional<CurrencyCode> newReferenceCurrency) {
        return new Company(id, name, newReferenceCurrency, timeZone, enabled, createdAt);
    }

    public Company withTimeZone(ZoneId newTimeZone) {
        return new Company(id, name, referenceCurrency, newTimeZone, enabled, createdAt);
    }

    /** The continents and oceans of the IANA database's regions; its other names are aliases or fixed offsets ({@code Etc/GMT+5}). */
    private static final List<String> REGIONS = List.of("Africa/", "America/", "Antarctica/", "Arctic/", "Asia/", "Atlantic/",
            "Australia/", "Europe/", "Indian/", "Pacific/");

    /** Every name {@link #timeZoneNamed} accepts, UTC first and then in alphabetical order. */
    public static final List<String> TIME_ZONE_NAMES = Stream.concat(Stream.of("UTC"), ZoneId.getAvailableZoneIds().stream()
            .filter(name -> REGIONS.stream().anyMatch(name::startsWith)).sorted()).toList();

    private static final Set<String> ACCEPTED_NAMES = Set.copyOf(TIME_ZONE_NAMES);

    /**
     * A time zone as a company names it: a region of the IANA database ({@code America/Bogota}) or
     * {@code UTC}; a fixed offset is refused, since it would not follow a country's rule changes.
     */
    public static Optional<ZoneId> timeZoneNamed(String name) {
        if (name == null || name.length() > 64 || !ACCEPTED_NAMES.contains(name)) {
            return Optional.empty();
        }
        return Optional.of(name.equals("UTC") ? ZoneOffset.UTC : ZoneId.of(name));
    }

    /** The name {@link #timeZoneNamed} reads back. */
    public String timeZoneName() {
        return timeZone.equals(ZoneOffset.UTC) ? "UTC" : timeZone.getId();
    }
}
