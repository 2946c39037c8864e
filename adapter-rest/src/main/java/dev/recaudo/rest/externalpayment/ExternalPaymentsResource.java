package dev.recaudo.rest.externalpayment;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.externalpayment.ExternalPaymentQueries;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.rest.auth.ExternalPaymentsApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RestSettings;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The external payments API. */
@Path("/external/payments")
@ExternalPaymentsApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "External payments")
@SecurityRequirement(name = "xApiKey")
public class ExternalPaymentsResource {

    private final ExternalPaymentQueries payments;
    private final Caller caller;
    private final RestSettings.PageSize pageSize;

    public ExternalPaymentsResource(ExternalPaymentQueries payments, Caller caller, RestSettings settings) {
        this.payments = payments;
        this.caller = caller;
        this.pageSize = settings.pages().externalPayments();
    }

    public record ExternalPaymentView(
            UUID id,
            String status,
            String mode,
            long amountMinor,
            String currency,
            String callbackUrl,
            String externalReference,
            UUID invoiceId,
            UUID paymentId,
            Instant createdAt,
            Instant updatedAt) {

        static ExternalPaymentView of(ExternalPayment payment) {
            return new ExternalPaymentView(payment.id(), payment.status(), payment.mode(), payment.amount().amountMinor(),
                    payment.amount().currency().name(), payment.callbackUrl(), payment.externalReference(),
                    payment.invoiceId(), payment.paymentId(), payment.createdAt(), payment.updatedAt());
        }
    }

    public record ExternalPaymentPage(List<ExternalPaymentView> payments, long total, int page, int limit) {}

    @GET
    @RequiresPermission(Permission.PAYMENTS_READ)
    public ExternalPaymentPage list(@QueryParam("page") String page, @QueryParam("limit") String limit) {
        KeyPrincipal key = caller.key();
        Page<ExternalPayment> result = payments.list(
                new TenantScope(key.companyId(), key.key().environment()),
                QueryParams.intBetween("page", page, 1, Integer.MAX_VALUE, 1),
                QueryParams.pageSize("limit", limit, pageSize));
        return new ExternalPaymentPage(result.items().stream().map(ExternalPaymentView::of).toList(),
                result.total(), result.number(), result.size());
    }
}
