package dev.recaudo.rest.console;

import dev.recaudo.application.banktransfer.ProposalsUseCase.Decision;
import dev.recaudo.application.banktransfer.ReconciliationInboxUseCase;
import dev.recaudo.application.banktransfer.ReconciliationInboxUseCase.Decided;
import dev.recaudo.application.banktransfer.ReconciliationInboxUseCase.Inbox;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The reconciliation inbox (docs/console.md): statement lines with their proposals and the payer
 * reports waiting for a line; a clerk or an administrator confirms or dismisses a proposal, or several
 * at once, each through {@link ReconciliationInboxUseCase} and in the audit trail under that person.
 */
@Path(ConsolePaths.ROOT + "/reconciliation")
@Produces(MediaType.TEXT_HTML)
public class ConsoleReconciliationResource {

    @Inject
    ReconciliationInboxUseCase inbox;

    @Inject
    ConsoleGate gate;

    @Inject
    ConsoleTokens tokens;

    @Inject
    Caller caller;

    @Inject
    @Location("console-reconciliation.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response show(@CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> render(visited, sessionId, List.of()));
    }

    @POST
    @Path("{proposalId}/confirm")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "proposalId")
    @Operation(hidden = true)
    public Response confirm(@PathParam("proposalId") String proposalId, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return decide(proposalId, csrf, sessionId, language, uri,
                (visited, id) -> inbox.confirm(visited.scope(), id, visited.visit().admin().adminUserId().value()));
    }

    @POST
    @Path("{proposalId}/dismiss")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "proposalId")
    @Operation(hidden = true)
    public Response dismiss(@PathParam("proposalId") String proposalId, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return decide(proposalId, csrf, sessionId, language, uri, (visited, id) -> inbox.dismiss(visited.scope(), id));
    }

    /** The selected proposals ({@code proposal}, repeated) confirmed or dismissed one by one; the inbox lists each outcome. */
    @POST
    @Path("bulk")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response bulk(@FormParam("proposal") List<String> proposalIds, @FormParam("action") String action,
            @FormParam("csrf") String csrf, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.CLERK, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            List<Optional<UUID>> ids = proposalIds == null ? List.of() : proposalIds.stream().map(PathIds::parse).toList();
            boolean confirm = "confirm".equals(action);
            if ((!confirm && !"dismiss".equals(action)) || ids.size() > ReconciliationInboxUseCase.BULK_MAX
                    || ids.stream().anyMatch(Optional::isEmpty)) {
                return gate.message(400, texts.word("refusedTitle"), texts.word("refusedText"), texts, visited.root());
            }
            List<Decided> decided = inbox.bulk(visited.scope(), ids.stream().map(Optional::get).toList(), confirm,
                    visited.visit().admin().adminUserId().value());
            caller.outcome("ok", action + " " + decided.size());
            return render(visited, sessionId, decided);
        });
    }

    private Response decide(String proposalId, String csrf, String sessionId, String language, UriInfo uri,
            BiFunction<ConsoleGate.Visited, UUID, Decision> decision) {
        return gate.form(sessionId, csrf, language, UserRole.CLERK, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            Optional<UUID> id = PathIds.parse(proposalId);
            Decision decided = id.map(proposal -> decision.apply(visited, proposal)).orElse(new Decision.NotFound());
            caller.outcome(outcome(decided), null);
            if (decided instanceof Decision.Decided || decided instanceof Decision.AwaitingSecondPerson) {
                return ConsolePaths.seeOther(visited.root() + "console/reconciliation").build();
            }
            if (decided instanceof Decision.NotFound) {
                return gate.notFound(texts, visited.root());
            }
            String why = decided instanceof Decision.AlreadyDecided already ? texts.word("alreadyDecided") + " " + already.status()
                    : ((Decision.Refused) decided).reason();
            return gate.message(409, texts.word("decisionRefusedTitle"), why, texts, visited.root());
        });
    }

    private Response render(ConsoleGate.Visited visited, String sessionId, List<Decided> decided) {
        ConsoleTexts texts = visited.texts();
        Inbox shown = inbox.inbox(visited.scope());
        UUID me = visited.visit().admin().adminUserId().value();
        Function<Decision, String> outcomeName = decision -> texts.word(switch (outcome(decision)) {
            case "decided" -> "outcomeDecided";
            case "awaiting_second_person" -> "outcomeAwaiting";
            case "not_found" -> "outcomeNotFound";
            case "already_decided" -> "outcomeAlready";
            default -> "outcomeRefused";
        });
        return ConsolePaths.page(200, visited.fill(page)
                .data("live", shown.live())
                .data("clerk", visited.visit().admin().role().allows(UserRole.CLERK))
                .data("lines", shown.lines().stream().map(line -> Map.<String, Object>of("entry", line.entryId().toString(),
                        "date", line.line().bookingDate().toString(), "amount", texts.amount(line.line().amount()),
                        "reference", line.line().bankReference().orElse(""), "payer", line.line().payerName().orElse(""),
                        "remittance", line.line().remittance(), "proposals", line.proposals().stream().map(proposed -> Map.<String, Object>of(
                                "id", proposed.proposal().id().toString(), "confidence", proposed.proposal().confidence(),
                                "reason", proposed.proposal().reason(),
                                "document", proposed.document().map(document -> document.value().toString()).orElse(""),
                                "awaiting", proposed.proposal().firstConfirmedBy().isPresent(),
                                "mine", proposed.proposal().firstConfirmedBy().filter(me::equals).isPresent())).toList())).toList())
                .data("waiting", shown.waiting().stream().map(report -> Map.<String, Object>of("bank", report.bank(),
                        "phone", report.phone(), "reference", report.bankReference(), "paidOn", report.paidOn().toString(),
                        "amount", texts.amount(report.amount()), "reported", report.createdAt().toString())).toList())
                .data("decided", decided.stream().map(each -> Map.<String, Object>of("id", each.proposalId().toString(),
                        "outcome", outcome(each.decision()), "name", outcomeName.apply(each.decision()),
                        "detail", detail(each.decision()))).toList())
                .data("csrf", tokens.forSession(sessionId))
                .render(), texts);
    }

    private static String outcome(Decision decision) {
        if (decision instanceof Decision.Decided) {
            return "decided";
        }
        if (decision instanceof Decision.AwaitingSecondPerson) {
            return "awaiting_second_person";
        }
        if (decision instanceof Decision.NotFound) {
            return "not_found";
        }
        return decision instanceof Decision.AlreadyDecided ? "already_decided" : "refused";
    }

    private static String detail(Decision decision) {
        if (decision instanceof Decision.Decided decided) {
            return decided.status().toLowerCase(Locale.ROOT) + decided.outcome().map(outcome -> " (" + outcome + ")").orElse("");
        }
        if (decision instanceof Decision.AlreadyDecided already) {
            return already.status().toLowerCase(Locale.ROOT);
        }
        return decision instanceof Decision.Refused refused ? refused.reason() : "";
    }
}
