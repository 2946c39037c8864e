package dev.recaudo.bootstrap;

import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.CardRails;
import io.quarkus.arc.All;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * The card rails of the deployment (every {@link CardRail} adapter bean) and each company's
 * credentials for them. (Issue 23, hosted-card branch: the credentials branch wires the same bean;
 * the merge keeps one of the two.)
 */
public class CardRailsWiring {

    @Produces
    @Singleton
    CardRails cardRails(@All List<CardRail> rails, CardCredentialsBook credentials) {
        return new CardRails(rails, credentials);
    }
}
