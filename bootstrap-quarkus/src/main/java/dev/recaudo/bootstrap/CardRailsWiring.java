package dev.recaudo.bootstrap;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.domain.company.CompanyId;
import io.quarkus.arc.All;
import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The card rails of the deployment (every {@link CardRail} adapter bean) and each company's
 * credentials for them. Both are default beans: the branch that brings the sealed credentials book
 * and its own wiring of {@link CardRails} replaces them without a change here (issue 23 is built on
 * several branches at once).
 */
public class CardRailsWiring {

    @Produces
    @Singleton
    @DefaultBean
    CardRails cardRails(@All List<CardRail> rails, CardCredentialsBook credentials) {
        return new CardRails(rails, credentials);
    }

    /** Without a credentials store, no company has a rail connected: live pages say online payment is unavailable. */
    @Produces
    @Singleton
    @DefaultBean
    CardCredentialsBook noCardCredentials() {
        return new CardCredentialsBook() {
            @Override
            public Optional<CardCredentials> of(CompanyId company, String rail) {
                return Optional.empty();
            }

            @Override
            public void put(CompanyId company, String rail, CardCredentials credentials, Instant now) {
                throw new IllegalStateException("this build keeps no card rail credentials");
            }
        };
    }
}
