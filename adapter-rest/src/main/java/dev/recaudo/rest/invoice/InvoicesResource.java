package dev.recaudo.rest.invoice;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.document.DocumentQueries;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentListQuery;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.document.DocumentSummary;
import dev.recaudo.rest.auth.PublicApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.QueryParams;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The public invoice API: collection documents in major units of the company's reference currency. */
@Path("/v1/invoices")
@PublicApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Public invoices")
@SecurityRequirement(name = "apiKeyBearer")
public class InvoicesResource {

    private final DocumentQueries documents;
    private final Caller caller;

    public InvoicesResource(DocumentQueries documents, Caller caller) {
        this.documents = documents;
        this.caller = caller;
    }

    public record InvoiceListItem(
            UUID id,
            String name,
            String provider,
            String provider_id,
            String reference,
            String status,
            String remarks,
            @JsonRawValue String metadata,
            BigDecimal amount,
            String currency,
            LocalDate due_date,
            boolean is_test,
            Instant created_at,
            Instant updated_at) {

        static InvoiceListItem of(DocumentSummary document) {
            return new InvoiceListItem(document.id(), document.name(), document.source(), document.providerId(),
                    document.reference(), document.status().name(), document.remarks(), document.metadataJson(),
                    MajorUnits.of(document.total()), document.total().currency().name(), document.dueDate(),
                    document.test(), document.createdAt(), document.updatedAt());
        }
    }

    /** A page in the shape partners know: {@code from} and {@code to} are null on an empty page. */
    public record InvoicePage(
            List<InvoiceListItem> data, int current_page, Long from, int last_page, int per_page, Long to, long total) {

        static InvoicePage of(Page<DocumentSummary> page) {
            boolean empty = page.items().isEmpty();
            return new InvoicePage(
                    page.items().stream().map(InvoiceListItem::of).toList(),
                    page.number(),
                    empty ? null : page.offset() + 1,
                    page.lastNumber(),
                    page.size(),
                    empty ? null : page.offset() + page.items().size(),
                    page.total());
        }
    }

    @GET
    @RequiresPermission(Permission.PUBLIC_INVOICES_READ)
    public InvoicePage list(
            @QueryParam("page") String page,
            @QueryParam("per_page") String perPage,
            @QueryParam("filter[status]") String status,
            @QueryParam("sort") String sort) {
        KeyPrincipal key = caller.key();
        Optional<DocumentStatus> statusFilter = Optional.ofNullable(status).map(text -> DocumentStatus.parse(text)
                .orElseThrow(() -> ApiProblem.validation("filter[status]", "must be one of " + Arrays.toString(DocumentStatus.values()))));
        if (sort != null && !sort.equals("created_at") && !sort.equals("-created_at")) {
            throw ApiProblem.validation("sort", "must be created_at or -created_at");
        }
        DocumentListQuery query = new DocumentListQuery(
                key.key().source(),
                statusFilter,
                !"created_at".equals(sort),
                QueryParams.intBetween("page", page, 1, Integer.MAX_VALUE, 1),
                QueryParams.intBetween("per_page", perPage, 1, DocumentListQuery.PAGE_SIZE_MAX, DocumentListQuery.PAGE_SIZE_DEFAULT));
        return InvoicePage.of(documents.list(new TenantScope(key.companyId(), key.key().environment()), query));
    }
}
