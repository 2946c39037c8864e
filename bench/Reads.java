import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * The read scenarios of the floor harness (bench/README.md, "Reads"): a public invoice by id, a
 * collection document by its partner's id, and the first and the 1,000th page of the cursor-paged
 * document list of the first company, one document a page, so that a page's cost can be compared
 * with how deep it lies. The invoices read are the first of those {@code invoice_create} made,
 * which therefore runs before {@code invoice_get}; the documents read are {@code RD-1} to
 * {@code RD-100}, which no payment touches, so the service and its floor read the same rows.
 */
final class Reads {

    static final List<String> SCENARIOS = List.of("invoice_get", "document_get", "documents_page_1", "documents_page_1000");
    static final int INVOICES_KEPT = 1_000;
    static final int DEEP_PAGE = 1_000;

    final Bench.Http http;
    final String invoiceKey;
    final List<List<Bench.Partner>> partners;
    final AtomicReferenceArray<String> invoiceIds = new AtomicReferenceArray<>(INVOICES_KEPT);
    final AtomicInteger invoicesKept = new AtomicInteger();

    Reads(Bench.Http http, String invoiceKey, List<List<Bench.Partner>> partners) {
        this.http = http;
        this.invoiceKey = invoiceKey;
        this.partners = partners;
    }

    /** Keeps the id of a created invoice, up to {@code INVOICES_KEPT} of them, for {@code invoice_get}. */
    Bench.Http.Call created(Bench.Http.Call call) {
        if (call.response().statusCode() == 201 && invoicesKept.get() < INVOICES_KEPT) {
            int slot = invoicesKept.getAndIncrement();
            if (slot < INVOICES_KEPT) {
                invoiceIds.set(slot, Bench.Http.field(call.response().body(), "id"));
            }
        }
        return call;
    }

    IntFunction<Bench.Http.Call> scenario(String name) {
        return switch (name) {
            case "invoice_get" -> invoiceGet();
            case "document_get" -> n -> documentGet(1 + ThreadLocalRandom.current().nextInt(Scenarios.READ_DOCUMENTS));
            case "documents_page_1" -> n -> page(null);
            case "documents_page_1000" -> {
                String cursor = cursorOf(DEEP_PAGE);
                yield n -> page(cursor);
            }
            default -> throw new IllegalArgumentException("unknown read scenario " + name);
        };
    }

    IntFunction<Bench.Http.Call> invoiceGet() {
        int kept = Math.min(invoicesKept.get(), INVOICES_KEPT);
        if (kept == 0) {
            throw new IllegalStateException("invoice_get reads the invoices invoice_create made: run invoice_create first");
        }
        return n -> {
            String id = invoiceIds.get(ThreadLocalRandom.current().nextInt(kept));
            return new Bench.Http.Call(http.get("/v1/invoices/" + id, invoiceKey), 200, "\"id\":\"" + id + "\"");
        };
    }

    /** Document {@code RD-rank} through one of its company's keys. */
    Bench.Http.Call documentGet(int rank) {
        List<Bench.Partner> keys = partners.get((rank - 1) % Scenarios.COMPANIES);
        Bench.Partner partner = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
        return new Bench.Http.Call(partner.signedGet("/collection-documents/RD-" + rank), 200,
                "\"externalDocumentId\":\"RD-" + rank + "\"");
    }

    /** One document of the first company's list, from {@code cursor} (null: the first page). */
    Bench.Http.Call page(String cursor) {
        Bench.Partner partner = partners.get(0).get(ThreadLocalRandom.current().nextInt(partners.get(0).size()));
        return new Bench.Http.Call(partner.signedGet(pageRoute(cursor)), 200, "\"items\"");
    }

    static String pageRoute(String cursor) {
        return "/collection-documents?limit=1" + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
    }

    /** The cursor of page {@code page}, walked to from the first one page after page (a cursor is opaque). */
    String cursorOf(int page) {
        Bench.Partner partner = partners.get(0).get(0);
        String cursor = null;
        for (int p = 1; p < page; p++) {
            String body = http.expect(200, partner.signedGet(pageRoute(cursor)));
            if (!body.contains("\"hasMore\":true")) {
                throw new IllegalStateException("the first company's document list ends before page " + page + ": " + body);
            }
            cursor = Bench.Http.field(body, "nextCursor");
        }
        return cursor;
    }
}
