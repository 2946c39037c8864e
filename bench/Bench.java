import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The load generator of the benchmark harness (bench/README.md), one file so that it runs with
 * {@code java Bench.java} on a bare JDK 17. {@code load} creates a company and two test keys the way
 * an operator and an administrator would, then drives a fixed number of requests per operation
 * through a fixed number of concurrent workers and prints one result line per operation;
 * {@code summary} turns the rounds file of bench/run.sh into the tables of docs/performance.md.
 * It checks every answer, so a run that measured errors fails instead of reporting them as speed.
 */
public final class Bench {

    static final String SOURCE = "bench-erp";

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        switch (args.length == 0 ? "" : args[0]) {
            case "load" -> new Load(options).run();
            case "flood" -> new Flood(new Load(options), options).run();
            case "scenarios" -> new Scenarios(options).run();
            case "floor-summary" -> FloorSummary.print(Path.of(options.get("rounds")), Path.of(options.get("timeline")),
                    Path.of(options.get("chart")));
            case "summary" -> Summary.print(Path.of(options.get("rounds")), options.get("ops").split(","));
            case "profile-summary" -> ProfileSummary.print(Path.of(options.get("recording")),
                    Integer.parseInt(options.getOrDefault("top", "40")));
            default -> {
                System.err.println("usage: java Bench.java load --base URL --operator-token T --workers N"
                        + " --invoices N --payments N --warmup N\n       java Bench.java summary --rounds FILE --ops a,b"
                        + "\n       java Bench.java flood --base URL --operator-token T --rate N --phase-seconds N"
                        + "\n       java Bench.java scenarios --base URL --operator-token T --workers N --seconds N"
                        + " --warmup-seconds N --scenarios a,b [--requests N --pause yes]"
                        + "\n       java Bench.java floor-summary --rounds FILE --timeline FILE --chart PNG"
                        + "\n       java Bench.java profile-summary --recording FILE.jfr [--top N]");
                System.exit(2);
            }
        }
    }

    static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        return options;
    }

    /** One company, its keys and the measured operations against one running service. */
    static final class Load {
        final Http http;
        final int workers;
        final int invoices;
        final int payments;
        final int warmup;
        final String operatorToken;

        Load(Map<String, String> options) {
            http = new Http(options.get("base"));
            workers = Integer.parseInt(options.getOrDefault("workers", "8"));
            invoices = Integer.parseInt(options.getOrDefault("invoices", "2000"));
            payments = Integer.parseInt(options.getOrDefault("payments", "1000"));
            warmup = Integer.parseInt(options.getOrDefault("warmup", "300"));
            operatorToken = options.get("operator-token");
        }

        void run() throws Exception {
            String[] company = createCompany();
            String companyId = company[0];
            String publicKey = createKey(companyId, company[1], "[\"public_invoices:read\",\"public_invoices:write\"]");
            String partnerKey = createKey(companyId, company[1], "[\"customers:read\",\"customers:write\","
                    + "\"collection_documents:read\",\"collection_documents:write\",\"payments:read\","
                    + "\"verified_payments:write\"]");
            System.out.println("company " + companyId);

            IntFunction<Http.Call> invoice = n -> http.createInvoice(publicKey, "w" + n);
            measure("warmup-invoices", warmup, invoice);
            System.out.println(measure("invoice_create", invoices, n -> http.createInvoice(publicKey, "m" + n)));

            Partner partner = new Partner(http, partnerKey, companyId);
            System.out.println(measure("document_upsert", warmup + payments, partner::upsertDocument));
            measure("warmup-payments", warmup, partner::pay);
            System.out.println(measure("verified_payment", payments, n -> partner.pay(warmup + n)));
        }

        String[] createCompany() {
            String email = "bench-" + System.nanoTime() + "@example.test";
            String body = "{\"name\":\"Bench " + email + "\",\"referenceCurrency\":\"USD\",\"admin\":{\"email\":\""
                    + email + "\",\"password\":\"bench password long enough\"}}";
            String created = http.expect(201, http.post("/operator/companies", body, Map.of("Authorization", "Bearer " + operatorToken)));
            String login = http.expect(200, http.post("/auth/token",
                    "{\"email\":\"" + email + "\",\"password\":\"bench password long enough\"}", Map.of()));
            return new String[] {Http.field(created, "companyId"), Http.field(login, "accessToken")};
        }

        String createKey(String companyId, String adminToken, String permissions) {
            String body = "{\"name\":\"bench\",\"permissions\":" + permissions + ",\"source\":\"" + SOURCE
                    + "\",\"environment\":\"test\"}";
            String created = http.expect(201, http.post("/companies/" + companyId + "/api-keys", body,
                    Map.of("Authorization", "Bearer " + adminToken)));
            return Http.field(created, "key");
        }

        /** Sends calls 0..count-1 through the workers and answers the result line of the operation. */
        String measure(String operation, int count, IntFunction<Http.Call> call) throws Exception {
            AtomicInteger next = new AtomicInteger();
            long[] latenciesNanos = new long[count];
            ExecutorService pool = Executors.newFixedThreadPool(workers);
            long start = System.nanoTime();
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                running.add(pool.submit(() -> {
                    for (int n = next.getAndIncrement(); n < count; n = next.getAndIncrement()) {
                        long sent = System.nanoTime();
                        call.apply(n).check();
                        latenciesNanos[n] = System.nanoTime() - sent;
                    }
                    return null;
                }));
            }
            for (Future<?> worker : running) {
                worker.get();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            pool.shutdown();
            Arrays.sort(latenciesNanos);
            return String.format(Locale.ROOT, "result op=%s requests=%d workers=%d seconds=%.3f rps=%.2f p50_ms=%.2f p99_ms=%.2f",
                    operation, count, workers, seconds, count / seconds,
                    percentile(latenciesNanos, 0.50) / 1e6, percentile(latenciesNanos, 0.99) / 1e6);
        }

        static double percentile(long[] sorted, double rank) {
            return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) Math.ceil(rank * sorted.length) - 1)];
        }
    }

    /**
     * A noisy neighbour (bench/README.md, "Flood"): company B lists its invoices at a steady 10
     * requests per second, first alone, then while company A floods {@code GET /v1/invoices} with
     * one key at {@code --rate} requests per second, nearly all of them refused with {@code 429}
     * once A's window is full. Prints B's latency in both phases and what A's flood got. B spreads
     * its requests over four keys, so its own limit (300 per key and window) is never reached.
     */
    static final class Flood {
        static final int NEIGHBOUR_PER_SECOND = 10;
        static final int FLOOD_WORKERS = 32;

        final Load load;
        final int rate;
        final int phaseSeconds;

        Flood(Load load, Map<String, String> options) {
            this.load = load;
            rate = Integer.parseInt(options.getOrDefault("rate", "1500"));
            phaseSeconds = Integer.parseInt(options.getOrDefault("phase-seconds", "30"));
        }

        void run() throws Exception {
            String[] flooder = load.createCompany();
            String flooderKey = load.createKey(flooder[0], flooder[1], "[\"public_invoices:read\"]");
            String[] neighbour = load.createCompany();
            List<String> neighbourKeys = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                neighbourKeys.add(load.createKey(neighbour[0], neighbour[1],
                        "[\"public_invoices:read\",\"public_invoices:write\"]"));
            }
            for (int n = 0; n < 20; n++) {
                load.http.createInvoice(neighbourKeys.get(0), "n" + n).check();
            }
            neighbourPhase("warmup", neighbourKeys, 5);
            System.out.println(neighbourPhase("quiet", neighbourKeys, phaseSeconds));

            AtomicInteger[] answered = {new AtomicInteger(), new AtomicInteger(), new AtomicInteger()};
            Map<Integer, AtomicInteger> others = new java.util.concurrent.ConcurrentHashMap<>();
            long floodStart = System.nanoTime();
            long floodEnd = floodStart + (phaseSeconds + 2) * 1_000_000_000L;
            ExecutorService pool = Executors.newFixedThreadPool(FLOOD_WORKERS);
            AtomicInteger slot = new AtomicInteger();
            for (int w = 0; w < FLOOD_WORKERS; w++) {
                pool.submit(() -> {
                    // Ends on time: a service slower than the rate gets what the workers can send until then.
                    for (long due = floodStart + slot.getAndIncrement() * 1_000_000_000L / rate;
                            due < floodEnd && System.nanoTime() < floodEnd;
                            due = floodStart + slot.getAndIncrement() * 1_000_000_000L / rate) {
                        sleepUntil(due);
                        int status = floodStatus(flooderKey);
                        answered[status == 200 ? 0 : status == 429 ? 1 : 2].incrementAndGet();
                        if (status != 200 && status != 429) {
                            others.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
                        }
                    }
                    return null;
                });
            }
            Thread.sleep(1_000);
            String during = neighbourPhase("flood", neighbourKeys, phaseSeconds);
            pool.shutdown();
            pool.awaitTermination(2, java.util.concurrent.TimeUnit.MINUTES);
            double floodSeconds = (System.nanoTime() - floodStart) / 1e9;
            int sent = answered[0].get() + answered[1].get() + answered[2].get();
            System.out.println(during + String.format(Locale.ROOT, " flood_requests=%d flood_rps=%.1f flood_200=%d"
                    + " flood_429=%d flood_other=%d%s", sent, sent / floodSeconds, answered[0].get(), answered[1].get(),
                    answered[2].get(), others.isEmpty() ? "" : " other_statuses=" + others));
        }

        /** The status of one flood request; -1 when it got no answer (a connection error or a timeout). */
        int floodStatus(String key) {
            try {
                return load.http.get("/v1/invoices", key).statusCode();
            } catch (RuntimeException e) {
                return -1;
            }
        }

        /** Company B's paced listing for the given seconds, and its result line. */
        String neighbourPhase(String phase, List<String> keys, int seconds) {
            int count = seconds * NEIGHBOUR_PER_SECOND;
            long[] latenciesNanos = new long[count];
            long start = System.nanoTime();
            for (int n = 0; n < count; n++) {
                sleepUntil(start + n * 1_000_000_000L / NEIGHBOUR_PER_SECOND);
                long sent = System.nanoTime();
                HttpResponse<String> response = load.http.get("/v1/invoices", keys.get(n % keys.size()));
                latenciesNanos[n] = System.nanoTime() - sent;
                new Http.Call(response, 200, "\"data\"").check();
            }
            Arrays.sort(latenciesNanos);
            return String.format(Locale.ROOT, "result phase=%s requests=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f", phase,
                    count, Load.percentile(latenciesNanos, 0.50) / 1e6, Load.percentile(latenciesNanos, 0.99) / 1e6,
                    latenciesNanos[count - 1] / 1e6);
        }

        static void sleepUntil(long nanoTime) {
            long wait = nanoTime - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /**
     * A partner on the integrations API: document {@code D-n} of customer {@code C-n} worth 150.00
     * USD, paid in full by verified payment {@code P-n}. One customer per document keeps workers off
     * each other's rows, so the figure is the cost of the writes, not of waiting for a lock.
     */
    record Partner(Http http, String key, String companyId) {

        Http.Call upsertDocument(int n) {
            String body = "{\"source\":\"" + SOURCE + "\",\"externalDocumentId\":\"D-" + n + "\",\"customerExternalId\":\"C-"
                    + n + "\",\"customer\":{\"type\":\"business\",\"name\":\"Cliente " + n + "\",\"taxId\":\"J-" + n
                    + "\"},\"currency\":\"USD\",\"invoiceNumber\":\"F-" + n + "\",\"totalMinor\":15000,\"lines\":"
                    + "[{\"quantity\":2,\"unitAmountMinor\":7500,\"amountMinor\":15000,\"description\":\"Servicio\"}]}";
            return signed("/collection-documents/upsert", body, "doc-" + n, 201, "\"status\":\"open\"");
        }

        Http.Call pay(int n) {
            String body = "{\"source\":\"" + SOURCE + "\",\"externalPaymentId\":\"P-" + n + "\",\"customerExternalId\":\"C-" + n
                    + "\",\"amountMinor\":15000,\"currency\":\"USD\",\"verifiedAt\":\"2026-11-22T10:00:00Z\","
                    + "\"documents\":[{\"externalDocumentId\":\"D-" + n + "\",\"amountMinor\":15000}]}";
            return signed("/verified-payments", body, "pay-" + n, 200, "\"status\":\"applied\"");
        }

        Http.Call signed(String route, String body, String idempotencyKey, int status, String expected) {
            String path = "/integrations/v1/" + companyId + route;
            String timestamp = Long.toString(System.currentTimeMillis() / 1000);
            Map<String, String> headers = Map.of("Authorization", "Bearer " + key, "Service-Timestamp", timestamp,
                    "Service-Signature", signature(timestamp + ".POST." + path + "." + body), "Idempotency-Key", idempotencyKey);
            return new Http.Call(http.post(path, body, headers), status, expected);
        }

        /**
         * A signed read of {@code route} (with its query, if any): the path alone is signed, which the
         * service accepts for a request with a query too.
         */
        HttpResponse<String> signedGet(String route) {
            String pathAndQuery = "/integrations/v1/" + companyId + route;
            String path = pathAndQuery.contains("?") ? pathAndQuery.substring(0, pathAndQuery.indexOf('?')) : pathAndQuery;
            String timestamp = Long.toString(System.currentTimeMillis() / 1000);
            return http.send(HttpRequest.newBuilder(URI.create(http.base + pathAndQuery)).timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + key).header("Service-Timestamp", timestamp)
                    .header("Service-Signature", signature(timestamp + ".GET." + path + ".")).GET());
        }

        String signature(String signed) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
                StringBuilder hex = new StringBuilder("v1=");
                for (byte b : mac.doFinal(signed.getBytes(StandardCharsets.UTF_8))) {
                    hex.append(String.format("%02x", b));
                }
                return hex.toString();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** HTTP/1.1 calls with JSON bodies; one client, so connections are kept and reused. */
    static final class Http {
        final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        final String base;

        Http(String base) {
            this.base = base;
        }

        /** A sent request and what its answer must be. */
        record Call(HttpResponse<String> response, int status, String expected) {
            void check() {
                if (response.statusCode() != status || (expected != null && !response.body().contains(expected))) {
                    throw new IllegalStateException(response.request().uri() + " answered " + response.statusCode()
                            + " " + response.body());
                }
            }
        }

        Call createInvoice(String key, String n) {
            String body = "{\"reference\":\"V-" + n + "\",\"provider\":\"" + SOURCE + "\",\"provider_id\":\"INV-" + n
                    + "\",\"amount\":20.00,\"name\":\"Factura " + n + "\",\"email\":\"ana@example.test\"}";
            return new Call(post("/v1/invoices", body, Map.of("Authorization", "Bearer " + key, "x-idempotency", "inv-" + n)),
                    201, "\"status\":\"CREATED\"");
        }

        HttpResponse<String> get(String path, String key) {
            return send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + key).GET());
        }

        HttpResponse<String> post(String path, String body, Map<String, String> headers) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
            headers.forEach(request::header);
            return send(request);
        }

        HttpResponse<String> send(HttpRequest.Builder request) {
            try {
                return client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        String expect(int status, HttpResponse<String> response) {
            new Call(response, status, null).check();
            return response.body();
        }

        static String field(String json, String name) {
            Matcher matcher = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
            if (!matcher.find()) {
                throw new IllegalStateException("no " + name + " in " + json);
            }
            return matcher.group(1);
        }
    }

    /**
     * Reads the rounds file of bench/run.sh (tab-separated, one line per round and operation) and
     * prints the rounds, then per operation the median of each variant and the ratio after/before.
     * An operation with a pgbench figure is compared on its score (service requests per second over
     * pgbench transactions per second), which is what carries across a shared, busy machine; the
     * others are shown for information only.
     */
    static final class Summary {
        static final double BOUND = 0.90;

        record Row(int seq, String variant, String commit, String op, double rps, double p50, double p99,
                double pgbenchTps, double score, String load) {}

        static void print(Path rounds, String[] scoredOps) throws IOException {
            List<String> lines = Files.readAllLines(rounds);
            List<String> header = List.of(lines.get(0).split("\t"));
            List<Row> rows = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] cell = line.split("\t");
                rows.add(new Row(Integer.parseInt(value(cell, header, "seq")), value(cell, header, "variant"),
                        value(cell, header, "commit"), value(cell, header, "op"), number(cell, header, "rps"),
                        number(cell, header, "p50_ms"), number(cell, header, "p99_ms"),
                        number(cell, header, "pgbench_tps"), number(cell, header, "score"), value(cell, header, "load1")));
            }
            List<String> ops = rows.stream().map(Row::op).distinct().toList();
            printRounds(rows, ops, List.of(scoredOps));
            System.out.println();
            printMedians(rows, ops, List.of(scoredOps));
        }

        static String value(String[] cell, List<String> header, String column) {
            return cell[header.indexOf(column)];
        }

        static double number(String[] cell, List<String> header, String column) {
            String text = value(cell, header, column);
            return text.equals("-") ? Double.NaN : Double.parseDouble(text);
        }

        static void printRounds(List<Row> rows, List<String> ops, List<String> scored) {
            StringBuilder head = new StringBuilder("| # | variant | load (1 min) |");
            StringBuilder rule = new StringBuilder("|---|---|---|");
            for (String op : ops) {
                head.append(scored.contains(op) ? " " + op + " req/s, p50/p99 ms | pgbench tps | score |" : " " + op + " req/s |");
                rule.append(scored.contains(op) ? "---|---|---|" : "---|");
            }
            System.out.println(head);
            System.out.println(rule);
            rows.stream().map(Row::seq).distinct().sorted().forEach(seq -> {
                List<Row> round = rows.stream().filter(r -> r.seq() == seq).toList();
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "| %d | %s | %s |", seq, round.get(0).variant(), round.get(0).load()));
                for (String op : ops) {
                    Row r = round.stream().filter(x -> x.op().equals(op)).findFirst().orElseThrow();
                    line.append(scored.contains(op)
                            ? String.format(Locale.ROOT, " %.1f, %.0f/%.0f | %.0f | %.4f |", r.rps(), r.p50(), r.p99(), r.pgbenchTps(), r.score())
                            : String.format(Locale.ROOT, " %.1f |", r.rps()));
                }
                System.out.println(line);
            });
        }

        static void printMedians(List<Row> rows, List<String> ops, List<String> scored) {
            System.out.println("before = " + commitOf(rows, "before") + ", after = " + commitOf(rows, "after") + "\n");
            System.out.println("| operation | rounds (before/after) | median req/s before → after | median p50/p99 ms before → after"
                    + " | median score before → after | after / before | verdict |");
            System.out.println("|---|---|---|---|---|---|---|");
            for (String op : ops) {
                List<Row> before = rows.stream().filter(r -> r.op().equals(op) && r.variant().equals("before")).toList();
                List<Row> after = rows.stream().filter(r -> r.op().equals(op) && r.variant().equals("after")).toList();
                boolean isScored = scored.contains(op);
                double ratio = isScored ? median(after, Row::score) / median(before, Row::score) : median(after, Row::rps) / median(before, Row::rps);
                String verdict = !isScored ? "information only (not normalised)"
                        : ratio >= BOUND ? "within the 10% bound"
                        : String.format(Locale.ROOT, "REGRESSION: after is %.1f%% slower", (1 - ratio) * 100);
                System.out.println(String.format(Locale.ROOT, "| %s | %d/%d | %.1f → %.1f | %.0f/%.0f → %.0f/%.0f | %s | %.3f | %s |",
                        op, before.size(), after.size(), median(before, Row::rps), median(after, Row::rps),
                        median(before, Row::p50), median(before, Row::p99), median(after, Row::p50), median(after, Row::p99),
                        isScored ? String.format(Locale.ROOT, "%.4f → %.4f", median(before, Row::score), median(after, Row::score)) : "-",
                        ratio, verdict));
            }
        }

        static String commitOf(List<Row> rows, String variant) {
            return rows.stream().filter(r -> r.variant().equals(variant)).map(Row::commit).findFirst().orElse("none");
        }

        static double median(List<Row> rows, ToDoubleFunction<Row> figure) {
            double[] sorted = rows.stream().mapToDouble(figure).sorted().toArray();
            int middle = sorted.length / 2;
            return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        }
    }
}
