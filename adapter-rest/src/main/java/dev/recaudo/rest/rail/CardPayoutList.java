package dev.recaudo.rest.rail;

import dev.recaudo.application.rail.CardPayout;
import dev.recaudo.application.rail.CardPayouts;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.KeysetCursors;
import dev.recaudo.rest.common.QueryParams;
import dev.recaudo.rest.common.RestSettings;
import dev.recaudo.rest.integration.Pagination;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Pages of a company's card payouts, newest first, by cursor, sized like every cursor list of the
 * service. Payouts are live money: the live environment's.
 */
@ApplicationScoped
public class CardPayoutList {

    private static final String LIST = "payouts";

    private final CardPayouts payouts;
    private final Cursors cursors;
    private final RestSettings settings;

    public CardPayoutList(CardPayouts payouts, Cursors cursors, RestSettings settings) {
        this.payouts = payouts;
        this.cursors = cursors;
        this.settings = settings;
    }

    /** One payout; {@code reason} says why an {@code UNMATCHED} one was not matched, null for a matched one. */
    public record CardPayoutView(UUID id, String rail, String payoutId, long amountMinor, String currency, String status,
            String reason, int linesCount, Instant receivedAt, Instant updatedAt) {

        static CardPayoutView of(CardPayout payout) {
            return new CardPayoutView(payout.id(), payout.rail(), payout.payoutId(), payout.amount().amountMinor(),
                    payout.amount().currency().name(), payout.status().name(), payout.reason().orElse(null),
                    payout.linesCount(), payout.receivedAt(), payout.updatedAt());
        }
    }

    public record CardPayoutPage(List<CardPayoutView> items, Pagination pagination) {}

    public CardPayoutPage page(CompanyId company, String status, String cursor, String limit) {
        Optional<CardPayout.Status> wanted = status(status);
        int pageSize = QueryParams.pageSize("limit", limit, settings.pages().integrations());
        var after = KeysetCursors.open(cursors, LIST, cursor, false)
                .map(position -> new CardPayouts.Position(position.at(), position.id()));
        List<CardPayout> rows = payouts.page(new TenantScope(company, KeyEnvironment.LIVE), wanted, after, pageSize + 1);
        boolean hasMore = rows.size() > pageSize;
        List<CardPayoutView> items = rows.stream().limit(pageSize).map(CardPayoutView::of).toList();
        String next = KeysetCursors.next(cursors, LIST, items, hasMore, CardPayoutView::receivedAt, CardPayoutView::id);
        return new CardPayoutPage(items, new Pagination(pageSize, next, hasMore));
    }

    private static Optional<CardPayout.Status> status(String text) {
        if (text == null) {
            return Optional.empty();
        }
        return Optional.of(Arrays.stream(CardPayout.Status.values()).filter(value -> value.name().equals(text)).findFirst()
                .orElseThrow(() -> ApiProblem.validation("status", "must be MATCHED or UNMATCHED")));
    }
}
