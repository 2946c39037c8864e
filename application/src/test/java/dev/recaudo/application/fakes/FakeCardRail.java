package dev.recaudo.application.fakes;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A hand-made card rail for unit tests: it records every charge it is asked for and the credentials it
 * was connected with, answers what the test programs, and "signs" an event as {@code signed:<secret>}
 * (what {@link #signature} gives), reading back the event the test registered for the payload.
 */
public final class FakeCardRail implements CardRail {

    private final String name;
    private final Set<CurrencyCode> currencies;
    private final List<PaymentProcessor.ChargeRequest> charges = new ArrayList<>();
    private final List<CardCredentials> connections = new ArrayList<>();
    private final Map<String, ProcessorEvent> events = new HashMap<>();
    private Function<PaymentProcessor.ChargeRequest, PaymentProcessor.ChargeAnswer> chargeAnswer =
            request -> PaymentProcessor.ChargeAnswer.of(PaymentProcessor.Decision.APPROVED);
    private PaymentProcessor.Finding finding = PaymentProcessor.Finding.NOT_FOUND;

    public FakeCardRail(String name, Set<CurrencyCode> currencies) {
        this.name = name;
        this.currencies = currencies;
    }

    public static String signature(String webhookSecret) {
        return "signed:" + webhookSecret;
    }

    /** Registers the event a payload reads as. */
    public String payloadOf(ProcessorEvent event) {
        String payload = "{\"id\":\"" + event.eventId() + "\"}";
        events.put(payload, event);
        return payload;
    }

    public void answerCharges(Function<PaymentProcessor.ChargeRequest, PaymentProcessor.ChargeAnswer> answer) {
        this.chargeAnswer = answer;
    }

    public void findCharges(PaymentProcessor.Finding finding) {
        this.finding = finding;
    }

    public List<PaymentProcessor.ChargeRequest> charges() {
        return charges;
    }

    public List<CardCredentials> connections() {
        return connections;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Set<CurrencyCode> currencies() {
        return currencies;
    }

    @Override
    public Set<String> countries() {
        return Set.of("MX", "US");
    }

    @Override
    public CardProcessor connect(CardCredentials credentials) {
        connections.add(credentials);
        return new UnansweringCardProcessor() {
            @Override
            public ChargeAnswer charge(ChargeRequest request) {
                charges.add(request);
                return chargeAnswer.apply(request);
            }

            @Override
            public Finding lookup(TenantScope scope, String processorKey) {
                return finding;
            }
        };
    }

    @Override
    public ProcessorEvent verify(String payload, String signatureHeader, String webhookSecret) {
        if (!signature(webhookSecret).equals(signatureHeader) || !events.containsKey(payload)) {
            throw new ForgedEvent("the signature does not match");
        }
        return events.get(payload);
    }
}
