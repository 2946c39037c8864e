import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The service's side of the floor harness (bench/floor.sh, bench/README.md "The floor"): four
 * companies with four integrations keys each and 1,000 open documents spread over them, then each
 * scenario driven by a fixed number of workers for a fixed time. A scenario prints one result line
 * (requests, seconds, requests per second, p50/p99/p99.9) and one timeline line (completions in
 * each second since its first request, warm-up included, so the JIT's warm-up shows).
 *
 * <p>Verified payments pick their document by Zipf's law over its rank (rank 1 the hottest), as
 * pgbench's {@code random_zipfian} does for the floor, so that both meet the same hot rows. Each
 * payment applies 1.00 USD to a document of 100,000.00: a hot document is never paid off during a
 * run, so every payment gets the same business answer ({@code applied}) and does the same writes,
 * and what the skew adds is waiting for the document's lock, not a different kind of request.
 *
 * <p>With {@code --open-seconds}, each scenario is followed by an open loop at half the rate its
 * closed loop reached, whose result line ({@code op=<scenario>:open}) gives the latency at that load.
 */
final class Scenarios {

    static final int COMPANIES = 4;
    static final int KEYS_PER_COMPANY = 4;
    static final int DOCUMENTS = 1_000;
    static final int READ_DOCUMENTS = 100;
    static final long DOCUMENT_TOTAL_MINOR = 10_000_000;
    static final long PAYMENT_MINOR = 100;
    static final int TIMELINE_SECONDS = 60;
    static final int OPEN_LOOP_WORKERS = 64;
    /** Where the open loop's request numbers start, far above any closed loop's, so that no id repeats. */
    static final int OPEN_LOOP_NUMBERS = 1_000_000_000;
    /** Where the JIT warm-up pass's request numbers start, above the open loop's. */
    static final int PREWARM_NUMBERS = 2_000_000_000;

    final Bench.Load load;
    final int seconds;
    final int warmupSeconds;
    final int requests;
    final int openSeconds;
    final int prewarmSeconds;
    final int drainPatienceSeconds;
    final List<String> scenarios;
    final String run;
    final boolean pause;
    final String analyze;
    final BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));

    Scenarios(Map<String, String> options) {
        load = new Bench.Load(options);
        seconds = Integer.parseInt(options.getOrDefault("seconds", "30"));
        warmupSeconds = Integer.parseInt(options.getOrDefault("warmup-seconds", "10"));
        // A fixed number of requests instead of a time, no warm-up: for capturing one request's rows.
        requests = Integer.parseInt(options.getOrDefault("requests", "0"));
        // After each scenario, this many seconds at half the rate it reached (0: none).
        openSeconds = Integer.parseInt(options.getOrDefault("open-seconds", "0"));
        // Before any measurement, each scenario this many seconds unmeasured, in order (0: none).
        prewarmSeconds = Integer.parseInt(options.getOrDefault("prewarm-seconds", "0"));
        // How long webhook_drain waits for the endpoint's pause to end and its backlog to arrive.
        drainPatienceSeconds = Integer.parseInt(options.getOrDefault("drain-patience-seconds", "300"));
        scenarios = List.of(options.getOrDefault("scenarios",
                "invoice_create,invoice_get,document_get,documents_page_1,documents_page_1000,payments_zipf_1.001,payments_zipf_2.0").split(","));
        run = Long.toString(System.currentTimeMillis(), 36);
        pause = options.getOrDefault("pause", "no").equals("yes");
        // A shell command that refreshes the planner's statistics of the service's database (the
        // harnesses' ANALYZE): run once the setup's documents exist and after every scenario, prewarm
        // passes included, as autovacuum would between them on a server that runs it (this machine's
        // PostgreSQL does not: docs/performance.md, "Statistics the harness refreshes").
        analyze = options.getOrDefault("analyze", "");
    }

    void run() throws Exception {
        List<List<Bench.Partner>> partners = new ArrayList<>();
        String publicKey = null;
        String[] first = null;
        for (int c = 0; c < COMPANIES; c++) {
            String[] company = load.createCompany();
            System.out.println("company " + c + " " + company[0]);
            if (c == 0) {
                first = company;
                publicKey = load.createKey(company[0], company[1], "[\"public_invoices:read\",\"public_invoices:write\"]");
            }
            List<Bench.Partner> keys = new ArrayList<>();
            for (int k = 0; k < KEYS_PER_COMPANY; k++) {
                keys.add(new Bench.Partner(load.http, load.createKey(company[0], company[1], "[\"customers:read\","
                        + "\"customers:write\",\"collection_documents:read\",\"collection_documents:write\","
                        + "\"payments:read\",\"verified_payments:write\"]"), company[0]));
            }
            partners.add(keys);
        }
        // The documents the reads read first: page 1 of a company's list is then one of them (never
        // paid), like page 1,000 (an invoice), and not ZD-1, the document the payments pay most.
        timed("read_document_upsert", 0, READ_DOCUMENTS, rank0 -> upsertDocument(partners, "R", rank0 + 1));
        System.out.println(timed("document_upsert", 0, DOCUMENTS, rank0 -> upsertDocument(partners, "Z", rank0 + 1)).result());
        analyze();
        String invoiceKey = publicKey;
        Reads reads = new Reads(load.http, invoiceKey, partners);
        // The JIT's warm-up over every scenario first: the code a later scenario shares with an earlier
        // one (the list's pages, say) is otherwise compiled during the earlier one's measurement.
        for (String scenario : prewarmSeconds > 0 && requests == 0 ? scenarios : List.<String>of()) {
            // The drain has no requests of its own to repeat; page 1,000 may not exist yet (the
            // invoices of the measured create make it), and page 1 warms the same code.
            if (scenario.equals(Drain.SCENARIO) || scenario.equals("documents_page_1000")) {
                continue;
            }
            IntFunction<Bench.Http.Call> call = call(scenario, partners, reads, invoiceKey);
            timed(scenario + ":prewarm", prewarmSeconds, Integer.MAX_VALUE, n -> call.apply(PREWARM_NUMBERS + n));
            analyze();
        }
        for (String scenario : scenarios) {
            pause(scenario);
            if (scenario.equals(Drain.SCENARIO)) {
                System.out.println(Drain.measure(this, first[0], first[1], invoiceKey, seconds, drainPatienceSeconds));
                analyze();
                continue;
            }
            IntFunction<Bench.Http.Call> call = call(scenario, partners, reads, invoiceKey);
            Measured measured = measure(scenario, call);
            System.out.println(measured.result());
            System.out.println(measured.timelineLine());
            // Open loops for the writes only: the issue's latency target is the money path's.
            if (openSeconds > 0 && requests == 0 && !Reads.SCENARIOS.contains(scenario)) {
                double rate = measured.sortedLatenciesNanos().length / measured.seconds() / 2;
                Measured open = openLoop(scenario + ":open", rate, n -> call.apply(OPEN_LOOP_NUMBERS + n));
                System.out.println(open.result() + String.format(Locale.ROOT, " rate=%.2f", rate));
            }
            analyze();
        }
        pause("end");
    }

    void analyze() throws IOException, InterruptedException {
        if (!analyze.isEmpty() && new ProcessBuilder("bash", "-c", analyze).inheritIO().start().waitFor() != 0) {
            throw new IllegalStateException("the statistics' command failed: " + analyze);
        }
    }

    /** The requests of {@code scenario}, request number n the n-th. */
    IntFunction<Bench.Http.Call> call(String scenario, List<List<Bench.Partner>> partners, Reads reads, String invoiceKey) {
        if (scenario.equals("invoice_create")) {
            return n -> reads.created(load.http.createInvoice(invoiceKey, run + "-" + n));
        } else if (Reads.SCENARIOS.contains(scenario)) {
            return reads.scenario(scenario);
        } else if (scenario.startsWith("payments_zipf_")) {
            Zipf zipf = new Zipf(DOCUMENTS, Double.parseDouble(scenario.substring("payments_zipf_".length())));
            return n -> pay(partners, zipf.next(), scenario + "-" + run + "-" + n);
        }
        throw new IllegalArgumentException("unknown scenario " + scenario);
    }

    /**
     * With {@code --pause yes}, says which scenario comes next and waits for a line on standard
     * input: bench/probe.sh copies every table there, so that it can tell the rows each request left.
     */
    void pause(String next) throws IOException {
        if (pause) {
            System.out.println("pause " + next);
            System.out.flush();
            if (stdin.readLine() == null) {
                throw new IllegalStateException("standard input closed while paused before " + next);
            }
        }
    }

    /**
     * Document {@code <prefix>D-rank} of customer {@code <prefix>C-rank}, of company {@code (rank - 1) % 4}:
     * prefix Z for the documents payments pick, R for those the reads read (never paid, so a read of
     * the service and of its floor finds the same document).
     */
    static Bench.Http.Call upsertDocument(List<List<Bench.Partner>> partners, String prefix, int rank) {
        Bench.Partner partner = partners.get((rank - 1) % COMPANIES).get(0);
        String body = "{\"source\":\"" + Bench.SOURCE + "\",\"externalDocumentId\":\"" + prefix + "D-" + rank
                + "\",\"customerExternalId\":\"" + prefix + "C-" + rank + "\",\"customer\":{\"type\":\"business\",\"name\":\"Cliente "
                + rank + "\",\"taxId\":\"J-" + prefix + rank
                + "\"},\"currency\":\"USD\",\"invoiceNumber\":\"F" + prefix + "-" + rank + "\",\"totalMinor\":" + DOCUMENT_TOTAL_MINOR
                + ",\"lines\":[{\"quantity\":1,\"unitAmountMinor\":" + DOCUMENT_TOTAL_MINOR + ",\"amountMinor\":"
                + DOCUMENT_TOTAL_MINOR + ",\"description\":\"Servicio\"}]}";
        return partner.signed("/collection-documents/upsert", body, prefix + "doc-" + rank, 201, "\"status\":\"open\"");
    }

    /** 1.00 USD of payment {@code paymentId} applied to document {@code ZD-rank}, through one of its company's four keys. */
    static Bench.Http.Call pay(List<List<Bench.Partner>> partners, int rank, String paymentId) {
        List<Bench.Partner> keys = partners.get((rank - 1) % COMPANIES);
        Bench.Partner partner = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
        String body = "{\"source\":\"" + Bench.SOURCE + "\",\"externalPaymentId\":\"" + paymentId + "\",\"customerExternalId\":\"ZC-"
                + rank + "\",\"amountMinor\":" + PAYMENT_MINOR + ",\"currency\":\"USD\",\"verifiedAt\":\"2026-11-22T10:00:00Z\","
                + "\"documents\":[{\"externalDocumentId\":\"ZD-" + rank + "\",\"amountMinor\":" + PAYMENT_MINOR + "}]}";
        return partner.signed("/verified-payments", body, paymentId, 200, "\"status\":\"applied\"");
    }

    /** The scenario's warm-up, then its measurement, numbering requests on across both so no id repeats. */
    Measured measure(String scenario, IntFunction<Bench.Http.Call> call) throws Exception {
        if (requests > 0) {
            return timed(scenario, 0, requests, call);
        }
        AtomicInteger numbers = new AtomicInteger();
        long firstRequest = System.nanoTime();
        Measured warmup = timed(scenario, warmupSeconds, Integer.MAX_VALUE, n -> call.apply(numbers.getAndIncrement()));
        Measured measured = timed(scenario, seconds, Integer.MAX_VALUE, n -> call.apply(numbers.getAndIncrement()));
        return measured.withTimeline(warmup.completions(firstRequest), measured.completions(firstRequest));
    }

    /**
     * Open loop: requests due at a fixed rate, whatever the answers, each latency counted from the
     * request's due time rather than from when a worker got round to sending it, so a service that
     * falls behind shows it in its latency (no coordinated omission). {@code OPEN_LOOP_WORKERS}
     * workers take the due times in turn; at half the closed loop's maximum they are never all busy.
     */
    Measured openLoop(String operation, double rate, IntFunction<Bench.Http.Call> call) throws Exception {
        AtomicInteger slot = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(OPEN_LOOP_WORKERS);
        long start = System.nanoTime() + 100_000_000L;
        long end = start + openSeconds * 1_000_000_000L;
        List<Future<long[]>> running = new ArrayList<>();
        for (int w = 0; w < OPEN_LOOP_WORKERS; w++) {
            running.add(pool.submit(() -> {
                Samples samples = new Samples();
                for (int n = slot.getAndIncrement(); start + (long) (n * 1e9 / rate) < end; n = slot.getAndIncrement()) {
                    long due = start + (long) (n * 1e9 / rate);
                    Bench.Flood.sleepUntil(due);
                    call.apply(n).check();
                    long answered = System.nanoTime();
                    samples.add(answered, answered - due);
                }
                return samples.toArray();
            }));
        }
        return collected(operation, OPEN_LOOP_WORKERS, start, pool, running);
    }

    /**
     * Sends calls through the workers until {@code seconds} have passed (0: until {@code count}
     * calls are sent). Each worker stops sending at the deadline; the measurement ends when the
     * last answer arrives, so no request is cut off.
     */
    Measured timed(String operation, int seconds, int count, IntFunction<Bench.Http.Call> call) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(load.workers);
        long start = System.nanoTime();
        long deadline = seconds == 0 ? Long.MAX_VALUE : start + seconds * 1_000_000_000L;
        List<Future<long[]>> running = new ArrayList<>();
        for (int w = 0; w < load.workers; w++) {
            running.add(pool.submit(() -> {
                Samples samples = new Samples();
                for (int n = next.getAndIncrement(); n < count && System.nanoTime() < deadline; n = next.getAndIncrement()) {
                    long sent = System.nanoTime();
                    call.apply(n).check();
                    long answered = System.nanoTime();
                    samples.add(answered, answered - sent);
                }
                return samples.toArray();
            }));
        }
        return collected(operation, load.workers, start, pool, running);
    }

    /** Every worker's samples once all have ended, the pool stopped whatever happened, measured from {@code start}. */
    private static Measured collected(String operation, int workers, long start, ExecutorService pool,
            List<Future<long[]>> running) throws Exception {
        List<long[]> perWorker = new ArrayList<>();
        try {
            for (Future<long[]> worker : running) {
                perWorker.add(worker.get());
            }
        } finally {
            // A wrong answer ends the run: the other workers stop too, so the JVM can exit.
            pool.shutdownNow();
        }
        return Measured.of(operation, workers, (System.nanoTime() - start) / 1e9, perWorker);
    }

    /** A worker's answers as pairs (answered at, latency), in nanoseconds, in a growing array. */
    static final class Samples {
        long[] values = new long[2048];
        int size;

        void add(long answeredNanos, long latencyNanos) {
            if (size + 2 > values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            values[size++] = answeredNanos;
            values[size++] = latencyNanos;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }

    /** What one timed run measured, and the completions per second since the scenario began. */
    record Measured(String operation, int workers, double seconds, long[] answeredNanos, long[] sortedLatenciesNanos,
            List<Integer> timeline) {

        static Measured of(String operation, int workers, double seconds, List<long[]> perWorker) {
            int total = perWorker.stream().mapToInt(samples -> samples.length / 2).sum();
            long[] answered = new long[total];
            long[] latencies = new long[total];
            int i = 0;
            for (long[] samples : perWorker) {
                for (int s = 0; s < samples.length; s += 2, i++) {
                    answered[i] = samples[s];
                    latencies[i] = samples[s + 1];
                }
            }
            Arrays.sort(latencies);
            return new Measured(operation, workers, seconds, answered, latencies, List.of());
        }

        /** Completions in each whole second since {@code originNanos}, up to the timeline's length. */
        int[] completions(long originNanos) {
            int[] perSecond = new int[TIMELINE_SECONDS];
            for (long at : answeredNanos) {
                long second = (at - originNanos) / 1_000_000_000L;
                if (second >= 0 && second < TIMELINE_SECONDS) {
                    perSecond[(int) second]++;
                }
            }
            return perSecond;
        }

        Measured withTimeline(int[] warmup, int[] measured) {
            List<Integer> sum = new ArrayList<>();
            for (int s = 0; s < TIMELINE_SECONDS; s++) {
                sum.add(warmup[s] + measured[s]);
            }
            return new Measured(operation, workers, seconds, answeredNanos, sortedLatenciesNanos, sum);
        }

        String result() {
            int count = sortedLatenciesNanos.length;
            return String.format(Locale.ROOT, "result op=%s requests=%d workers=%d seconds=%.3f rps=%.2f p50_ms=%.2f"
                    + " p99_ms=%.2f p999_ms=%.2f", operation, count, workers, seconds, count / seconds,
                    Bench.Load.percentile(sortedLatenciesNanos, 0.50) / 1e6, Bench.Load.percentile(sortedLatenciesNanos, 0.99) / 1e6,
                    Bench.Load.percentile(sortedLatenciesNanos, 0.999) / 1e6);
        }

        String timelineLine() {
            return "timeline op=" + operation + " per_second=" + String.join(",", timeline.stream().map(String::valueOf).toList());
        }
    }

    /**
     * Ranks 1..n drawn with probability proportional to 1 / rank^s: the bounded Zipf distribution
     * of pgbench's {@code random_zipfian(1, n, s)}, here by inverting its cumulative distribution.
     */
    static final class Zipf {
        final double[] cumulative;

        Zipf(int n, double s) {
            cumulative = new double[n];
            double sum = 0;
            for (int rank = 1; rank <= n; rank++) {
                sum += 1 / Math.pow(rank, s);
                cumulative[rank - 1] = sum;
            }
            for (int i = 0; i < n; i++) {
                cumulative[i] /= sum;
            }
        }

        int next() {
            int found = Arrays.binarySearch(cumulative, ThreadLocalRandom.current().nextDouble());
            return Math.min(cumulative.length, (found >= 0 ? found : -found - 1) + 1);
        }
    }
}
