package dev.recaudo.rest.console;

import dev.recaudo.application.company.CompanyAdministrationUseCase;
import dev.recaudo.application.company.CompanyAdministrationUseCase.UpdateCompany;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.company.Company;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.common.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.ZoneId;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The company's own settings an administrator changes from the console: its time zone, through the
 * same use case as the operator's {@code PATCH /operator/companies/{id}}, for the session's company only.
 */
@Path(ConsolePaths.ROOT + "/company")
@Produces(MediaType.TEXT_HTML)
public class ConsoleCompanyResource {

    @Inject
    CompanyAdministrationUseCase companies;

    @Inject
    ConsoleGate gate;

    @Inject
    Caller caller;

    @POST
    @Path("time-zone")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response changeTimeZone(@FormParam("timeZone") String timeZone, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> {
            Optional<ZoneId> zone = Company.timeZoneNamed(timeZone);
            if (zone.isEmpty()) {
                ConsoleTexts texts = visited.texts();
                return gate.message(400, texts.word("refusedTitle"), texts.word("timeZoneRefused"), texts, visited.root());
            }
            companies.update(UpdateCompany.timeZone(visited.visit().admin().companyId(), zone.get()));
            caller.outcome("ok", "time zone " + timeZone);
            return ConsolePaths.seeOther(visited.root() + "console").build();
        });
    }
}
