package dev.recaudo.rest.console;

import dev.recaudo.application.admin.ConsoleSessionsUseCase.Visit;
import dev.recaudo.application.report.ReceivablesOverviewUseCase;
import dev.recaudo.application.report.ReceivablesOverviewUseCase.Overview;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.Company;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * The console's home page: the overview of the session's company and environment as of a day
 * ({@code ?day=YYYY-MM-DD}, today when absent), the company's time zone (an administrator may
 * change it), who is signed in, and the forms that switch the environment and sign out.
 */
@ApplicationScoped
class ConsoleHomePage {

    /** Days before this year hold nothing Recaudo booked; they are refused rather than handed to the database. */
    static final int FIRST_YEAR = 2000;

    private static final DateTimeFormatter ENDS_AT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    @Inject
    ReceivablesOverviewUseCase overviews;

    @Inject
    ConsoleGate gate;

    @Inject
    ConsoleTokens tokens;

    @Inject
    @Location("console-home.html")
    Template page;

    Response render(ConsoleGate.Visited visited, String sessionId, String day) {
        Visit visit = visited.visit();
        ConsoleTexts texts = visited.texts();
        Optional<LocalDate> asked = ConsoleQueries.day(day).filter(date -> date.getYear() >= FIRST_YEAR);
        if (ConsoleQueries.blankToNull(day) != null && asked.isEmpty()) {
            return gate.message(400, texts.word("refusedTitle"), texts.word("badDate"), texts, visited.root());
        }
        KeyEnvironment shown = visit.environment();
        Overview overview = overviews.overview(visited.scope(), asked);
        if (!(overview instanceof Overview.Shown figures)) {
            return gate.message(400, texts.word("notYetTitle"), texts.word("notYetText"), texts, visited.root());
        }
        KeyEnvironment other = shown == KeyEnvironment.LIVE ? KeyEnvironment.TEST : KeyEnvironment.LIVE;
        boolean administrator = visit.admin().role() == UserRole.ADMIN;
        String zone = figures.timeZone().equals(ZoneOffset.UTC) ? "UTC" : figures.timeZone().getId();
        return ConsolePaths.page(200, visited.fill(page)
                .data("email", visit.admin().email())
                .data("companyId", visit.admin().companyId().value())
                .data("role", texts.roleName(visit.admin().role()))
                .data("administrator", administrator)
                .data("environment", texts.environmentName(shown))
                .data("other", other.wireName())
                .data("otherName", texts.environmentName(other))
                .data("endsAt", ENDS_AT.format(visit.endsAt()))
                .data("overview", ConsoleOverview.of(figures, texts))
                .data("timeZone", zone)
                .data("zones", administrator ? Company.TIME_ZONE_NAMES : List.of())
                .data("csrf", tokens.forSession(sessionId))
                .render(), texts);
    }
}
