package dev.recaudo.rest.console;

import dev.recaudo.application.integration.VerifiedPaymentsUseCase;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.PaymentView;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentListQuery;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.report.CollectionRail;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.integration.SyncCursors;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The company's payments in the console (docs/console.md): every partner's, from the integrations
 * API's list, each with its rail, what it applied, the credit it created and its outcome; filtered by
 * kind, outcome and currency, paged by cursor.
 */
@Path(ConsolePaths.ROOT + "/payments")
@Produces(MediaType.TEXT_HTML)
public class ConsolePaymentsResource {

    private static final int PAGE_SIZE = 50;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    @Inject
    VerifiedPaymentsUseCase payments;

    @Inject
    ConsoleGate gate;

    @Inject
    Cursors cursors;

    @Inject
    @Location("console-payments.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response list(@QueryParam("kind") String kind, @QueryParam("outcome") String outcome, @QueryParam("currency") String currency,
            @QueryParam("cursor") String cursor, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            Map<String, String> asked = new LinkedHashMap<>();
            asked.put("kind", ConsoleQueries.blankToNull(kind));
            asked.put("outcome", ConsoleQueries.blankToNull(outcome));
            asked.put("currency", ConsoleQueries.blankToNull(currency));
            Optional<PaymentKind> kindAsked = Optional.ofNullable(asked.get("kind")).flatMap(name -> WireNamed.find(PaymentKind.values(), name));
            Optional<PaymentOutcome> outcomeAsked = Optional.ofNullable(asked.get("outcome"))
                    .flatMap(name -> WireNamed.find(PaymentOutcome.values(), name));
            Optional<CurrencyCode> currencyAsked = Optional.ofNullable(asked.get("currency")).flatMap(CurrencyCode::parse);
            if ((asked.get("kind") != null && kindAsked.isEmpty()) || (asked.get("outcome") != null && outcomeAsked.isEmpty())
                    || (asked.get("currency") != null && currencyAsked.isEmpty())) {
                return gate.message(400, texts.word("refusedTitle"), texts.word("badFilter"), texts, visited.root());
            }
            PaymentListQuery query = new PaymentListQuery(outcomeAsked.map(Set::of).orElse(Set.of()), Optional.empty(), Optional.empty(),
                    Optional.empty(), kindAsked, currencyAsked, Optional.empty(), Optional.empty(), Optional.empty(),
                    SyncCursors.open(cursors, SyncCursors.CONSOLE_PAYMENTS, ConsoleQueries.blankToNull(cursor)), PAGE_SIZE);
            ChangeSlice<PaymentView> slice = payments.list(visited.scope(), query, Optional.empty());
            Map<String, String> next = new LinkedHashMap<>(asked);
            next.put("cursor", SyncCursors.next(cursors, SyncCursors.CONSOLE_PAYMENTS, slice.next()));
            return ConsolePaths.page(200, visited.fill(page)
                    .data("rows", slice.items().stream().map(view -> row(view, texts)).toList())
                    .data("asked", asked)
                    .data("kinds", ConsoleQueries.options(Arrays.stream(PaymentKind.values()).map(PaymentKind::wireName).toList()))
                    .data("outcomes", Arrays.stream(PaymentOutcome.values())
                            .map(each -> Map.of("value", each.wireName(), "name", outcomeName(each, texts))).toList())
                    .data("currencies", ConsoleQueries.currencies())
                    .data("next", slice.hasMore() ? "?" + ConsoleQueries.query(next) : null)
                    .render(), texts);
        });
    }

    private static Map<String, Object> row(PaymentView view, ConsoleTexts texts) {
        Payment payment = view.payment();
        return Map.of("id", payment.externalPaymentId(), "kind", payment.kind().wireName(),
                "rail", ConsoleOverview.railName(CollectionRail.of(payment.kind(), payment.providerPaymentId()), texts),
                "customer", view.customer().map(customer -> customer.profile().name()).orElse(""),
                "amount", texts.amount(payment.amount()), "applied", texts.amount(payment.applied()), "credit", texts.amount(payment.credit()),
                "outcome", payment.outcome().wireName(), "outcomeName", outcomeName(payment.outcome(), texts),
                "paidAt", WHEN.format(payment.paidAt()));
    }

    static String outcomeName(PaymentOutcome outcome, ConsoleTexts texts) {
        return texts.word(switch (outcome) {
            case APPLIED -> "outcomeApplied";
            case PARTIALLY_APPLIED -> "outcomePartiallyApplied";
            case CREDITED -> "outcomeCredited";
            case NEEDS_CERTIFIED_RATE -> "outcomeNeedsCertifiedRate";
            case NO_OPEN_DOCUMENTS -> "outcomeNoOpenDocuments";
            case ALREADY_PROCESSED -> "outcomeAlreadyProcessed";
            case FAILED -> "outcomeFailed";
        });
    }
}
