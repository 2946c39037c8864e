package dev.recaudo.application.rail;

import dev.recaudo.domain.company.CompanyId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The card rails this deployment has adapters for, and the one each company configured its credentials at. */
public final class CardRails {

    private final List<CardRail> rails;
    private final CardCredentialsBook credentials;

    public CardRails(List<CardRail> rails, CardCredentialsBook credentials) {
        this.rails = List.copyOf(rails);
        this.credentials = Objects.requireNonNull(credentials, "credentials");
    }

    /** A company's rail, connected under its credentials. */
    public record Connected(CardRail rail, CardCredentials credentials, CardProcessor processor) {}

    public List<CardRail> all() {
        return rails;
    }

    public Optional<CardRail> named(String name) {
        return rails.stream().filter(rail -> rail.name().equals(name)).findFirst();
    }

    /** The rails the company set credentials for, in the deployment's order. */
    public List<CardRail> configured(CompanyId company) {
        return rails.stream().filter(rail -> credentials.of(company, rail.name()).isPresent()).toList();
    }

    /** The first rail the company set credentials for, connected; empty when it set none. */
    public Optional<Connected> of(CompanyId company) {
        for (CardRail rail : rails) {
            Optional<CardCredentials> set = credentials.of(company, rail.name());
            if (set.isPresent()) {
                return Optional.of(new Connected(rail, set.get(), rail.connect(set.get())));
            }
        }
        return Optional.empty();
    }
}
