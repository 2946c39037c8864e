package dev.recaudo.rest.messaging;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.application.messaging.MessagingEventsUseCase;
import dev.recaudo.application.messaging.MessagingEventsUseCase.Ingested;
import dev.recaudo.application.messaging.MessagingEventsUseCase.StatusReport;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RestSettings;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

/**
 * The WhatsApp Cloud API webhook (docs/reference/messaging.md): the subscription handshake, and
 * status deliveries verified against {@code X-Hub-Signature-256} before anything is parsed.
 */
@Path("/webhooks/whatsapp")
@Tag(name = "Messaging")
public class WhatsAppWebhookResource {

    private static final Logger LOG = Logger.getLogger(WhatsAppWebhookResource.class);
    private static final String SIGNATURE_PREFIX = "sha256=";
    static final int CHALLENGE_MAX = 256;

    private final MessagingEventsUseCase messaging;
    /**
     * Reads deliveries within the parser's limits (nesting, string and number sizes) but without the
     * request-body rules of the API's own trees: a NUL or a huge number in a part Recaudo does not
     * keep (a customer's message text) would otherwise refuse the whole delivery, good statuses with
     * it, and the provider would send it again forever. What is kept is checked by {@link CloudApiStatuses}.
     */
    private final ObjectMapper json;
    private final RestSettings.WhatsApp settings;

    public WhatsAppWebhookResource(MessagingEventsUseCase messaging, ObjectMapper json, RestSettings settings) {
        this.messaging = messaging;
        this.json = new ObjectMapper(json.getFactory().copy());
        this.settings = settings.whatsapp();
    }

    /** Meta's subscription check: answers {@code hub.challenge} as plain text when the token matches; else 403. */
    @GET
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(operationId = "verifyWhatsAppSubscription", summary = "WhatsApp subscription handshake")
    @SecurityRequirement(name = "whatsappVerifyToken")
    @APIResponse(responseCode = "200", description = "The challenge, echoed",
            content = @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING)))
    public Response handshake(@QueryParam("hub.mode") String mode,
            @Parameter(hidden = true) @QueryParam("hub.verify_token") String token,
            @QueryParam("hub.challenge") String challenge) {
        // Either secret missing refuses both handshake and deliveries: a verified subscription whose
        // deliveries cannot be checked would only fill the provider's retry queue.
        Optional<String> expected = settings.verifyToken().filter(value -> !value.isBlank() && configured());
        boolean verified = expected.isPresent() && "subscribe".equals(mode) && token != null
                && MessageDigest.isEqual(expected.get().getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))
                && challenge != null && !challenge.isEmpty() && challenge.length() <= CHALLENGE_MAX;
        if (!verified) {
            throw new ApiProblem(Problem.FORBIDDEN, "The subscription handshake was refused");
        }
        return Response.ok(challenge, MediaType.TEXT_PLAIN_TYPE).header("X-Content-Type-Options", "nosniff").build();
    }

    /**
     * Stores every status of the delivery that an origin of a company sent. Unknown origins and
     * changes that are not statuses are acknowledged ({@code 200}) and dropped; so is content that
     * is signed but unreadable, since the provider would redeliver it forever. Only a failure to
     * store (the database) answers 5xx, so that the provider redelivers and nothing is lost.
     */
    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "receiveWhatsAppStatuses", summary = "WhatsApp Cloud API status webhook")
    @SecurityRequirement(name = "whatsappSignature")
    @RequestBody(required = true, description = "The Cloud API's change notification, as Meta sends it",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "200", description = "Acknowledged; stored counts the statuses kept",
            content = @Content(schema = @Schema(implementation = StoredStatusesResponse.class)))
    public Map<String, Object> deliver(@Parameter(hidden = true) @HeaderParam("X-Hub-Signature-256") String signature,
            byte[] body) {
        Optional<String> secret = settings.appSecret().filter(value -> !value.isBlank() && configured());
        if (secret.isEmpty()) {
            throw new ApiProblem(Problem.SERVICE_UNAVAILABLE,
                    "WhatsApp ingestion is not configured (RECAUDO_WHATSAPP_APP_SECRET and _VERIFY_TOKEN); the delivery was not stored");
        }
        if (!signatureMatches(secret.get(), signature, body == null ? new byte[0] : body)) {
            throw new ApiProblem(Problem.AUTHENTICATION, "X-Hub-Signature-256 does not match the body");
        }
        JsonNode tree;
        try {
            tree = json.readTree(body);
        } catch (IOException unreadable) {
            LOG.warnf("WhatsApp delivery skipped: its body is not a JSON object (%s)", where(unreadable));
            return Map.of("stored", 0);
        }
        List<StatusReport> reports = CloudApiStatuses.read(tree == null ? json.nullNode() : tree,
                reason -> LOG.warnf("WhatsApp status skipped: %s", reason));
        Ingested ingested = messaging.ingest(reports);
        if (ingested.unknownOrigin() > 0) {
            LOG.infof("WhatsApp delivery: %d statuses of unregistered origins dropped", ingested.unknownOrigin());
        }
        return Map.of("stored", ingested.stored());
    }

    /**
     * Where the parser stopped, not what it found: its message quotes the token it stopped at, which
     * may be a customer's phone number.
     */
    private static String where(IOException unreadable) {
        JsonLocation location = unreadable instanceof JsonProcessingException parsing ? parsing.getLocation() : null;
        return location == null ? unreadable.getClass().getSimpleName()
                : "stopped at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    /** The answer to a delivery, for the OpenAPI document. */
    @RegisterForReflection
    public record StoredStatusesResponse(int stored) {}

    /** Both secrets are set (RECAUDO_WHATSAPP_APP_SECRET and RECAUDO_WHATSAPP_VERIFY_TOKEN). */
    private boolean configured() {
        return settings.appSecret().filter(value -> !value.isBlank()).isPresent()
                && settings.verifyToken().filter(value -> !value.isBlank()).isPresent();
    }

    /** {@code sha256=} + hex HMAC-SHA256 of the raw body, compared in constant time. */
    static boolean signatureMatches(String secret, String header, byte[] body) {
        if (header == null || !header.regionMatches(true, 0, SIGNATURE_PREFIX, 0, SIGNATURE_PREFIX.length())) {
            return false;
        }
        byte[] expected;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            expected = HexFormat.of().formatHex(mac.doFinal(body)).getBytes(StandardCharsets.US_ASCII);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
        byte[] given = header.substring(SIGNATURE_PREFIX.length()).trim().toLowerCase(Locale.ROOT)
                .getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, given);
    }
}
