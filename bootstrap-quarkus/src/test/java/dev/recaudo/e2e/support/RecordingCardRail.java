package dev.recaudo.e2e.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import io.quarkus.arc.properties.IfBuildProperty;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A test double of the {@link CardRail} port named {@code stripe}, selected by the build property
 * {@code recaudo-test.card-rail=recording} (the test profile): it records what the service asks of it
 * (the credentials it connects with, every charge) and answers what a test programs. Its events are
 * a small JSON of its own, signed {@code v1=} + hex HMAC-SHA256 of the body with the webhook secret.
 */
@Singleton
@IfBuildProperty(name = "recaudo-test.card-rail", stringValue = "recording")
public class RecordingCardRail implements CardRail {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<PaymentProcessor.ChargeRequest> charges = new CopyOnWriteArrayList<>();
    private final List<CardCredentials> connections = new CopyOnWriteArrayList<>();
    private volatile Function<PaymentProcessor.ChargeRequest, PaymentProcessor.ChargeAnswer> chargeAnswer = approved();
    private volatile PaymentProcessor.Finding finding = PaymentProcessor.Finding.NOT_FOUND;

    public static Function<PaymentProcessor.ChargeRequest, PaymentProcessor.ChargeAnswer> approved() {
        return request -> new PaymentProcessor.ChargeAnswer(PaymentProcessor.Decision.APPROVED,
                Optional.of("pi_" + request.paymentId()), Optional.empty());
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

    /** The signature header of a payload under a webhook secret. */
    public static String sign(String payload, String webhookSecret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(webhookSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "v1=" + HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    @Override
    public String name() {
        return "stripe";
    }

    @Override
    public Set<CurrencyCode> currencies() {
        return Set.of(CurrencyCode.USD, CurrencyCode.MXN);
    }

    @Override
    public Set<String> countries() {
        return Set.of("US", "MX");
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

    /** Reads {@code {"id","type":"charge.succeeded"|"charge.failed"|other,"reference","companyId","paymentId","amountMinor","currency"}}. */
    @Override
    public ProcessorEvent verify(String payload, String signatureHeader, String webhookSecret) {
        if (!MessageDigest.isEqual(sign(payload, webhookSecret).getBytes(StandardCharsets.UTF_8),
                signatureHeader.getBytes(StandardCharsets.UTF_8))) {
            throw new ForgedEvent("the signature does not match");
        }
        JsonNode event;
        try {
            event = JSON.readTree(payload);
        } catch (IOException unreadable) {
            throw new ForgedEvent("not an event");
        }
        ProcessorEvent.Tags tags = new ProcessorEvent.Tags(Optional.ofNullable(event.path("companyId").textValue()),
                Optional.ofNullable(event.path("paymentId").textValue()).map(UUID::fromString), Optional.empty());
        String id = event.path("id").asText();
        return switch (event.path("type").asText()) {
            case "charge.succeeded" -> new ProcessorEvent.ChargeSucceeded(id, event.path("reference").asText(),
                    Money.of(event.path("amountMinor").asLong(), CurrencyCode.valueOf(event.path("currency").asText())), tags);
            case "charge.failed" -> new ProcessorEvent.ChargeFailed(id, event.path("reference").asText(), tags);
            case "dispute.lost" -> new ProcessorEvent.Disputed(id, event.path("reference").asText(), "dp_" + id,
                    Money.of(event.path("amountMinor").asLong(), CurrencyCode.valueOf(event.path("currency").asText())),
                    ProcessorEvent.DisputeState.LOST);
            default -> new ProcessorEvent.Other(id, event.path("type").asText());
        };
    }
}
