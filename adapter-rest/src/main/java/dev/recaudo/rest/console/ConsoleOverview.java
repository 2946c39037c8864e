package dev.recaudo.rest.console;

import dev.recaudo.application.report.ReceivablesOverviewUseCase.Overview;
import dev.recaudo.application.report.ReceivablesOverviewUseCase.Receivables;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.report.AgingBucket;
import dev.recaudo.domain.report.CollectionRail;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The overview as the home page shows it: amounts in the reader's locale, and each currency's aging
 * as bars of an SVG chart drawn here, on the server (no script), with the same figures in a table
 * beside it for those who do not see the chart.
 */
final class ConsoleOverview {

    /** The chart's drawing area: bars stand on {@link #BASE}, the tallest {@link #TALLEST} high. */
    static final int BASE = 180;
    static final int TALLEST = 160;
    private static final int STEP = 98;
    private static final int WIDTH = 78;
    private static final Map<AgingBucket, String> FILLS = Map.of(AgingBucket.CURRENT, "#1f6f43", AgingBucket.DAYS_1_30, "#8a5a00",
            AgingBucket.DAYS_31_60, "#b0450f", AgingBucket.DAYS_61_90, "#9b2c2c", AgingBucket.OVER_90, "#5c1319");
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private ConsoleOverview() {}

    /** The template's data of {@code shown}: {@code receivables}, {@code collected}, {@code failing}, and the day's words. */
    static Map<String, Object> of(Overview.Shown shown, ConsoleTexts texts) {
        List<Map<String, Object>> receivables = shown.receivables().stream().map(each -> receivables(each, texts)).toList();
        List<Map<String, Object>> collected = shown.collected().stream().map(each -> Map.<String, Object>of(
                "rail", railName(each.rail(), texts), "railCode", each.rail().wireName(), "currency", each.currency().name(),
                "amount", texts.amount(Money.of(each.amountMinor(), each.currency())), "payments", each.payments())).toList();
        List<Map<String, Object>> failing = shown.failing().stream().map(each -> Map.<String, Object>of(
                "url", each.url(), "retrying", each.retrying(), "dead", each.dead(),
                "last", each.lastFailureAt().map(WHEN::format).orElse(""))).toList();
        String month = shown.month().getMonth().getDisplayName(TextStyle.FULL_STANDALONE, texts.locale()) + " " + shown.month().getYear();
        return Map.of("receivables", receivables, "collected", collected, "failing", failing, "day", shown.day().toString(),
                "dayText", texts.date(shown.day()), "isToday", shown.day().equals(shown.today()), "today", shown.today().toString(),
                "month", month);
    }

    private static Map<String, Object> receivables(Receivables receivables, ConsoleTexts texts) {
        long tallest = receivables.buckets().values().stream().mapToLong(Long::longValue).max().orElse(0);
        List<Map<String, Object>> bars = new ArrayList<>();
        AgingBucket[] buckets = AgingBucket.values();
        for (int i = 0; i < buckets.length; i++) {
            AgingBucket bucket = buckets[i];
            long amount = receivables.buckets().get(bucket);
            int height = tallest == 0 ? 0 : (int) Math.max(amount == 0 ? 0 : 1, Math.round((double) TALLEST * amount / tallest));
            bars.add(Map.of("bucket", bucket.wireName(), "label", bucketName(bucket, texts),
                    "amount", texts.amount(Money.of(amount, receivables.currency())),
                    "x", 10 + i * STEP, "y", BASE - height, "width", WIDTH, "height", height, "middle", 10 + i * STEP + WIDTH / 2,
                    "fill", FILLS.get(bucket)));
        }
        return Map.of("currency", receivables.currency().name(),
                "open", texts.amount(Money.of(receivables.openMinor(), receivables.currency())),
                "documents", receivables.documents(), "bars", bars);
    }

    static String bucketName(AgingBucket bucket, ConsoleTexts texts) {
        return switch (bucket) {
            case CURRENT -> texts.word("agingCurrent");
            case DAYS_1_30 -> texts.word("aging1to30");
            case DAYS_31_60 -> texts.word("aging31to60");
            case DAYS_61_90 -> texts.word("aging61to90");
            case OVER_90 -> texts.word("agingOver90");
        };
    }

    static String railName(CollectionRail rail, ConsoleTexts texts) {
        return switch (rail) {
            case CARD -> texts.word("railCard");
            case BANK_TRANSFER -> texts.word("railBankTransfer");
            case SANDBOX -> texts.word("railSandbox");
            case EXTERNAL -> texts.word("railExternal");
            case VERIFIED -> texts.word("railVerified");
            case PROVIDER_SETTLEMENT -> texts.word("railProviderSettlement");
        };
    }
}
