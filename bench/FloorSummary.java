import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Reads the rounds of bench/floor.sh (one line per round, scenario and side: the service, its floor,
 * or the same statements the service sends) and prints the rounds, then per scenario the medians:
 * service requests per second, floor transactions per second, service ÷ floor, service ÷ same
 * statements, latency percentiles and the service's resident memory. The ratios are medians of the
 * per-round ratios, so that a slow minute, which slows both sides of its round, does not decide them.
 */
final class FloorSummary {

    record Row(int round, String scenario, String side, double rps, double p50, double p99, double p999, double rssKb,
            String load) {}

    /** One scenario's medians over the rounds. */
    record Medians(String scenario, int rounds, Row service, Row floor, Optional<Row> same, double floorRatio,
            double floorRatioMin, double floorRatioMax, double sameRatio, Row apart, double apartRatio) {}

    static List<Row> read(Path rounds) throws IOException {
        List<String> lines = Files.readAllLines(rounds);
        List<String> header = List.of(lines.get(0).split("\t"));
        List<Row> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cell = line.split("\t");
            rows.add(new Row(Integer.parseInt(cell[header.indexOf("round")]), cell[header.indexOf("scenario")],
                    cell[header.indexOf("side")], number(cell[header.indexOf("rps")]), number(cell[header.indexOf("p50_ms")]),
                    number(cell[header.indexOf("p99_ms")]), number(cell[header.indexOf("p999_ms")]),
                    number(cell[header.indexOf("rss_kb")]), cell[header.indexOf("load1")]));
        }
        return rows;
    }

    static double number(String text) {
        return text.equals("-") || text.isEmpty() ? Double.NaN : Double.parseDouble(text);
    }

    static List<Medians> medians(List<Row> rows) {
        List<Medians> result = new ArrayList<>();
        for (String scenario : rows.stream().map(Row::scenario).distinct().toList()) {
            List<Row> service = side(rows, scenario, "service");
            List<Row> floor = side(rows, scenario, "floor");
            List<Row> same = side(rows, scenario, "same");
            double[] floorRatios = ratios(service, floor);
            List<Row> apart = side(rows, scenario, "floor_apart");
            result.add(new Medians(scenario, service.size(), medianRow(service), medianRow(floor),
                    same.isEmpty() ? Optional.empty() : Optional.of(medianRow(same)), median(floorRatios),
                    Arrays.stream(floorRatios).min().orElse(Double.NaN), Arrays.stream(floorRatios).max().orElse(Double.NaN),
                    median(ratios(service, same)), medianRow(apart), median(ratios(service, apart))));
        }
        return result;
    }

    static List<Row> side(List<Row> rows, String scenario, String side) {
        return rows.stream().filter(r -> r.scenario().equals(scenario) && r.side().equals(side)).toList();
    }

    /** The service's requests per second over the other side's, round by round. */
    static double[] ratios(List<Row> service, List<Row> other) {
        return service.stream().flatMap(s -> other.stream().filter(o -> o.round() == s.round()).map(o -> s.rps() / o.rps()))
                .mapToDouble(Double::doubleValue).toArray();
    }

    /** Each figure's median over the rounds (not one round's figures). */
    static Row medianRow(List<Row> rows) {
        if (rows.isEmpty()) {
            return new Row(0, "", "", Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "");
        }
        return new Row(0, rows.get(0).scenario(), rows.get(0).side(), median(rows, Row::rps), median(rows, Row::p50),
                median(rows, Row::p99), median(rows, Row::p999), median(rows, Row::rssKb), "");
    }

    static double median(List<Row> rows, ToDoubleFunction<Row> figure) {
        return median(rows.stream().mapToDouble(figure).toArray());
    }

    static double median(double[] values) {
        double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    static void print(Path rounds, Path timeline, Path chart) throws IOException {
        List<Row> rows = read(rounds);
        System.out.println("| round | scenario | load (1 min) | service req/s | service p50/p99/p99.9 ms | service RSS MB"
                + " | floor tps | floor p50/p99/p99.9 ms | service ÷ floor | floor, counters apart tps | same statements tps"
                + " | service ÷ same |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Row service : rows.stream().filter(r -> r.side().equals("service")).toList()) {
            Row floor = roundOf(rows, service, "floor").orElse(medianRow(List.of()));
            Optional<Row> same = roundOf(rows, service, "same");
            double apart = roundOf(rows, service, "floor_apart").map(Row::rps).orElse(Double.NaN);
            System.out.println(String.format(Locale.ROOT, "| %d | %s | %s | %.1f | %s | %.0f | %s | %s | %s | %s | %s | %s |",
                    service.round(), service.scenario(), service.load(), service.rps(), latencies(service),
                    service.rssKb() / 1024, figure("%.1f", floor.rps()), latencies(floor), figure("%.3f", service.rps() / floor.rps()),
                    figure("%.1f", apart),
                    same.map(s -> String.format(Locale.ROOT, "%.1f", s.rps())).orElse("-"),
                    same.map(s -> String.format(Locale.ROOT, "%.3f", service.rps() / s.rps())).orElse("-")));
        }
        System.out.println();
        List<Medians> medians = medians(rows);
        System.out.println("| scenario | rounds | service req/s | floor tps | **service ÷ floor** (range) | floor, counters apart tps"
                + " | service ÷ it | service ÷ same statements | service p50/p99/p99.9 ms | floor p50/p99/p99.9 ms | service RSS MB |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (Medians m : medians) {
            System.out.println(String.format(Locale.ROOT, "| %s | %d | %.1f | %s | %s | %s | %s | %s | %s | %s | %.0f |",
                    m.scenario(), m.rounds(), m.service().rps(), figure("%.1f", m.floor().rps()),
                    Double.isNaN(m.floorRatio()) ? "-" : String.format(Locale.ROOT, "**%.2f** (%.2f–%.2f)", m.floorRatio(), m.floorRatioMin(),
                    m.floorRatioMax()), figure("%.1f", m.apart().rps()), figure("%.2f", m.apartRatio()), figure("%.2f", m.sameRatio()),
                    latencies(m.service()), latencies(m.floor()), m.service().rssKb() / 1024));
        }
        printPages(medians);
        printOpenLoop(rows);
        Chart.draw(medians, Chart.readTimeline(timeline), chart);
        System.out.println();
        System.out.println("Chart: " + chart);
    }

    /** Page 1,000 of the cursor-paged list against page 1, if the run had both (the bound: within 10%). */
    static void printPages(List<Medians> medians) {
        Optional<Medians> first = medians.stream().filter(m -> m.scenario().equals("documents_page_1")).findFirst();
        Optional<Medians> deep = medians.stream().filter(m -> m.scenario().equals("documents_page_1000")).findFirst();
        if (first.isPresent() && deep.isPresent()) {
            System.out.println();
            System.out.println(String.format(Locale.ROOT, "Page 1,000 ÷ page 1 of the document list: %.2f in requests per second"
                    + " (%.1f ÷ %.1f), %.2f in p50 latency (%.1f ms ÷ %.1f ms).", deep.get().service().rps() / first.get().service().rps(),
                    deep.get().service().rps(), first.get().service().rps(), deep.get().service().p50() / first.get().service().p50(),
                    deep.get().service().p50(), first.get().service().p50()));
        }
    }

    /** The open loops, if the run had them: latency at half the rate each scenario reached, service and floor. */
    static void printOpenLoop(List<Row> rows) {
        if (rows.stream().noneMatch(r -> r.side().equals("open"))) {
            return;
        }
        System.out.println();
        System.out.println("| scenario | open loop: rate req/s (half the closed loop's) | service p50/p99/p99.9 ms"
                + " | floor at the same rate p50/p99/p99.9 ms |");
        System.out.println("|---|---|---|---|");
        for (String scenario : rows.stream().map(Row::scenario).distinct().toList()) {
            Row service = medianRow(side(rows, scenario, "open"));
            Row floor = medianRow(side(rows, scenario, "floor_open"));
            if (!Double.isNaN(service.rps())) {
                System.out.println(String.format(Locale.ROOT, "| %s | %.1f | %s | %s |", scenario, service.rps(), latencies(service),
                        latencies(floor)));
            }
        }
    }

    static Optional<Row> roundOf(List<Row> rows, Row service, String side) {
        return rows.stream().filter(r -> r.round() == service.round() && r.scenario().equals(service.scenario())
                && r.side().equals(side)).findFirst();
    }

    static String latencies(Row row) {
        return Double.isNaN(row.p50()) ? "-" : String.format(Locale.ROOT, "%.1f/%.1f/%.1f", row.p50(), row.p99(), row.p999());
    }

    /** A figure, or "-" where a scenario has none (a read compared with another read, not with a floor). */
    static String figure(String format, double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, format, value);
    }
}
