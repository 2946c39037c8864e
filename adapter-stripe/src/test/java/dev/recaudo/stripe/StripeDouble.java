package dev.recaudo.stripe;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stripe's API on a random loopback port (WireMock), answering with the shapes of Stripe's API
 * reference: objects with {@code object}, {@code id}, {@code status}, amounts in minor units,
 * lowercase currencies and {@code metadata}; lists and search results with {@code data} and
 * {@code has_more}; errors as {@code {"error":{"type":...,"code":...}}}. Point {@link StripeSettings#apiBase()}
 * at {@link #baseUrl()}.
 */
public final class StripeDouble implements AutoCloseable {

    private final WireMockServer server;

    private StripeDouble(WireMockServer server) {
        this.server = server;
    }

    public static StripeDouble start() {
        WireMockServer server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        return new StripeDouble(server);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    /** For stubs and checks of one's own. */
    public WireMockServer server() {
        return server;
    }

    public void reset() {
        server.resetAll();
    }

    @Override
    public void close() {
        server.stop();
    }

    // ---- answers ---------------------------------------------------------------------------------

    /** {@code POST /v1/payment_intents} answers the intent, after {@code delayMillis}. */
    public void paymentIntentCreated(Map<String, Object> intent, int delayMillis) {
        server.stubFor(post(urlPathEqualTo("/v1/payment_intents")).willReturn(json(200, intent).withFixedDelay(delayMillis)));
    }

    public void paymentIntentCreated(Map<String, Object> intent) {
        paymentIntentCreated(intent, 0);
    }

    /** {@code POST /v1/payment_intents} answers 402 card_declined, with the intent Stripe made and left at requires_payment_method. */
    public void paymentIntentDeclined(Map<String, Object> intent) {
        server.stubFor(post(urlPathEqualTo("/v1/payment_intents")).willReturn(json(402, error("card_error", "card_declined",
                "Your card was declined.", intent))));
    }

    /** Any call to {@code path} answers {@code status} with an error of {@code type} ({@code api_error}, {@code rate_limit_error}...). */
    public void fails(String method, String path, int status, String type, String code) {
        var mapping = method.equals("GET") ? get(urlPathEqualTo(path)) : post(urlPathEqualTo(path));
        server.stubFor(mapping.willReturn(json(status, error(type, code, "Stripe double: " + code, null))));
    }

    /** {@code GET /v1/payment_intents/search} answers these intents, whatever the query. */
    public void paymentIntentsSearched(List<Map<String, Object>> intents) {
        server.stubFor(get(urlPathEqualTo("/v1/payment_intents/search")).willReturn(json(200, StripeJson.object(
                "object", "search_result", "url", "/v1/payment_intents/search", "has_more", false, "next_page", null,
                "data", intents))));
    }

    public void refundCreated(Map<String, Object> refund) {
        server.stubFor(post(urlPathEqualTo("/v1/refunds")).willReturn(json(200, refund)));
    }

    public void refundsListed(List<Map<String, Object>> refunds) {
        server.stubFor(get(urlPathEqualTo("/v1/refunds")).willReturn(json(200, list("/v1/refunds", refunds, false))));
    }

    public void sessionCreated(Map<String, Object> session) {
        server.stubFor(post(urlPathEqualTo("/v1/checkout/sessions")).willReturn(json(200, session)));
    }

    public void sessionRetrieved(Map<String, Object> session) {
        server.stubFor(get(urlPathEqualTo("/v1/checkout/sessions/" + session.get("id"))).willReturn(json(200, session)));
    }

    public void sessionExpired(Map<String, Object> session) {
        server.stubFor(post(urlPathEqualTo("/v1/checkout/sessions/" + session.get("id") + "/expire"))
                .willReturn(json(200, session)));
    }

    /** Expiring a session that is no longer open: Stripe answers 400 invalid_request_error. */
    public void sessionNotExpirable(String sessionId) {
        server.stubFor(post(urlPathEqualTo("/v1/checkout/sessions/" + sessionId + "/expire")).willReturn(json(400, error(
                "invalid_request_error", null, "Only Checkout Sessions with a status in [\"open\"] can be expired.", null))));
    }

    public void payoutRetrieved(Map<String, Object> payout) {
        server.stubFor(get(urlPathEqualTo("/v1/payouts/" + payout.get("id"))).willReturn(json(200, payout)));
    }

    /**
     * {@code GET /v1/balance_transactions?payout=...}: the first page, and when {@code secondPage} is not empty,
     * {@code has_more} and the second page after the first page's last transaction.
     */
    public void balanceTransactionsListed(String payoutId, List<Map<String, Object>> firstPage,
            List<Map<String, Object>> secondPage) {
        boolean more = !secondPage.isEmpty();
        server.stubFor(get(urlPathEqualTo("/v1/balance_transactions")).withQueryParam("payout", equalTo(payoutId))
                .withQueryParam("starting_after", absent())
                .willReturn(json(200, list("/v1/balance_transactions", firstPage, more))));
        if (more) {
            server.stubFor(get(urlPathEqualTo("/v1/balance_transactions")).withQueryParam("payout", equalTo(payoutId))
                    .withQueryParam("starting_after", equalTo((String) firstPage.get(firstPage.size() - 1).get("id")))
                    .willReturn(json(200, list("/v1/balance_transactions", secondPage, false))));
        }
    }

    // ---- what the adapter sent -------------------------------------------------------------------

    public List<LoggedRequest> requests(String method, String path) {
        return server.getAllServeEvents().stream().map(event -> event.getRequest())
                .filter(request -> request.getMethod().getName().equals(method) && request.getUrl().split("\\?")[0].equals(path))
                .toList();
    }

    /** The form a request posted, decoded: {@code metadata[recaudo_company_id]} and the like as keys. */
    public static Map<String, String> form(LoggedRequest request) {
        Map<String, String> form = new LinkedHashMap<>();
        String body = request.getBodyAsString();
        if (body == null || body.isEmpty()) {
            return form;
        }
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            form.put(key, value);
        }
        return form;
    }

    // ---- Stripe's objects ------------------------------------------------------------------------

    public static Map<String, Object> paymentIntent(String id, String status, long amount, String currency,
            Map<String, String> metadata) {
        return StripeJson.object("id", id, "object", "payment_intent", "amount", amount,
                "amount_received", status.equals("succeeded") ? amount : 0, "capture_method", "automatic",
                "client_secret", id + "_secret_x", "confirmation_method", "automatic", "created", now(), "currency", currency,
                "latest_charge", status.equals("succeeded") ? "ch_" + id.substring(3) : null, "livemode", true,
                "metadata", metadata, "next_action", null, "payment_method", "pm_card_visa",
                "payment_method_types", List.of("card"), "status", status);
    }

    /** A requires_action intent whose next action sends the payer to {@code url} (3-D Secure). */
    public static Map<String, Object> paymentIntentRequiringAction(String id, long amount, String currency,
            Map<String, String> metadata, String url) {
        Map<String, Object> intent = paymentIntent(id, "requires_action", amount, currency, metadata);
        intent.put("next_action", StripeJson.object("type", "redirect_to_url",
                "redirect_to_url", StripeJson.object("return_url", "https://shop.example/back", "url", url)));
        return intent;
    }

    public static Map<String, Object> refund(String id, String paymentIntent, String status, long amount, String currency,
            Map<String, String> metadata) {
        return StripeJson.object("id", id, "object", "refund", "amount", amount, "charge", "ch_" + paymentIntent.substring(3),
                "created", now(), "currency", currency, "metadata", metadata, "payment_intent", paymentIntent,
                "reason", null, "status", status);
    }

    /** A charge as current Stripe renders it (API 2022-11-15 on): no embedded {@code refunds} list. */
    public static Map<String, Object> charge(String id, String paymentIntent, long amount, String currency,
            Map<String, String> metadata, long amountRefunded) {
        return StripeJson.object("id", id, "object", "charge", "amount", amount, "amount_captured", amount,
                "amount_refunded", amountRefunded, "captured", true,
                "created", now(), "currency", currency, "livemode", true, "metadata", metadata, "paid", true,
                "payment_intent", paymentIntent, "refunded", amountRefunded >= amount, "status", "succeeded");
    }

    public static Map<String, Object> session(String id, String status, String paymentStatus, long amountTotal,
            String currency, String paymentIntent, Map<String, String> metadata) {
        return StripeJson.object("id", id, "object", "checkout.session", "amount_total", amountTotal,
                "client_reference_id", metadata.get("recaudo_checkout_id"), "created", now(), "currency", currency,
                "expires_at", now() + 86_400, "livemode", true, "metadata", metadata, "mode", "payment",
                "payment_intent", paymentIntent, "payment_status", paymentStatus, "status", status,
                "url", status.equals("open") ? "https://checkout.stripe.com/c/pay/" + id : null);
    }

    public static Map<String, Object> dispute(String id, String paymentIntent, String status, long amount, String currency) {
        return StripeJson.object("id", id, "object", "dispute", "amount", amount, "charge", "ch_" + paymentIntent.substring(3),
                "created", now(), "currency", currency, "livemode", true, "metadata", Map.of(), "payment_intent", paymentIntent,
                "reason", "fraudulent", "status", status);
    }

    public static Map<String, Object> payout(String id, String status, long amount, String currency) {
        return StripeJson.object("id", id, "object", "payout", "amount", amount, "arrival_date", now(), "automatic", true,
                "created", now(), "currency", currency, "livemode", true, "metadata", Map.of(), "method", "standard",
                "status", status, "type", "bank_account");
    }

    /** A balance transaction with its source expanded ({@code expand[]=data.source}); {@code source} is an object or an id. */
    public static Map<String, Object> balanceTransaction(String id, String type, String reportingCategory, long amount,
            long fee, String currency, Object source) {
        return StripeJson.object("id", id, "object", "balance_transaction", "amount", amount, "available_on", now(),
                "created", now(), "currency", currency, "fee", fee, "net", amount - fee,
                "reporting_category", reportingCategory, "source", source, "status", "available", "type", type);
    }

    public static Map<String, Object> list(String url, List<Map<String, Object>> data, boolean hasMore) {
        return StripeJson.object("object", "list", "data", data, "has_more", hasMore, "url", url);
    }

    public static Map<String, Object> error(String type, String code, String message, Map<String, Object> paymentIntent) {
        Map<String, Object> error = StripeJson.object("type", type, "code", code, "message", message,
                "request_log_url", "https://dashboard.stripe.com/test/logs/req_double");
        if ("card_declined".equals(code)) {
            error.put("decline_code", "generic_decline");
        }
        if (paymentIntent != null) {
            error.put("payment_intent", paymentIntent);
        }
        return StripeJson.object("error", error);
    }

    private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder json(int status, Object body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                .withHeader("Request-Id", "req_double").withBody(StripeJson.write(body));
    }

    private static long now() {
        return Instant.now().getEpochSecond();
    }
}
