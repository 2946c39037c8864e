import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;

/**
 * The chart of a floor run (bench/floor.sh), drawn with java.awt in headless mode so that the
 * suite needs no library: per scenario, bars of throughput (service, floor, floor with the rate-limit
 * counters apart, same statements) and of
 * p99 latency (service, floor), medians over the rounds; then the first 60 seconds of round 1 as
 * completions per second, service (solid, warm-up included) and floor (dashed).
 */
final class Chart {

    static final int WIDTH = 1200;
    static final int PANEL_HEIGHT = 300;
    static final int MARGIN = 70;
    static final Color SERVICE = new Color(0x1f77b4);
    static final Color FLOOR = new Color(0xff7f0e);
    static final Color FLOOR_APART = new Color(0xffbb78);
    static final Color SAME = new Color(0x7f7f7f);
    static final Color[] SCENARIO_COLORS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf), new Color(0xbcbd22)};

    /** Completions per second of one scenario and side in round 1, by second. */
    record Curve(String scenario, String side, List<Integer> perSecond) {}

    static List<Curve> readTimeline(Path timeline) throws IOException {
        Map<String, Curve> curves = new LinkedHashMap<>();
        for (String line : Files.readAllLines(timeline).subList(1, Files.readAllLines(timeline).size())) {
            String[] cell = line.split("\t");
            if (!cell[0].equals("1")) {
                continue;
            }
            curves.computeIfAbsent(cell[1] + "\t" + cell[2], k -> new Curve(cell[1], cell[2], new ArrayList<>()))
                    .perSecond().add(Integer.parseInt(cell[4]));
        }
        return new ArrayList<>(curves.values());
    }

    static void draw(List<FloorSummary.Medians> medians, List<Curve> curves, Path file) throws IOException {
        BufferedImage image = new BufferedImage(WIDTH, PANEL_HEIGHT * 3, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, PANEL_HEIGHT * 3);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        bars(g, 0, "Throughput, median of the rounds (requests or transactions per second)", medians,
                List.of(new Series("service", SERVICE, m -> m.service().rps()), new Series("floor", FLOOR, m -> m.floor().rps()),
                        new Series("floor, counters apart", FLOOR_APART, m -> m.apart().rps()),
                        new Series("same statements", SAME, m -> m.same().map(FloorSummary.Row::rps).orElse(Double.NaN))));
        bars(g, PANEL_HEIGHT, "p99 latency, median of the rounds (ms)", medians,
                List.of(new Series("service", SERVICE, m -> m.service().p99()), new Series("floor", FLOOR, m -> m.floor().p99())));
        timeline(g, PANEL_HEIGHT * 2, curves);
        g.dispose();
        ImageIO.write(image, "png", file.toFile());
    }

    record Series(String name, Color color, ToDoubleFunction<FloorSummary.Medians> value) {}

    static void bars(Graphics2D g, int top, String title, List<FloorSummary.Medians> medians, List<Series> series) {
        int left = MARGIN;
        int bottom = top + PANEL_HEIGHT - 40;
        int height = PANEL_HEIGHT - 80;
        double max = 0;
        for (FloorSummary.Medians m : medians) {
            for (Series s : series) {
                double v = s.value().applyAsDouble(m);
                max = Double.isNaN(v) ? max : Math.max(max, v);
            }
        }
        max = max <= 0 ? 1 : max * 1.15;
        frame(g, top, title, left, bottom, height, max);
        int groupWidth = (WIDTH - left - 20) / Math.max(1, medians.size());
        int barWidth = Math.min(60, (groupWidth - 40) / series.size());
        for (int i = 0; i < medians.size(); i++) {
            int x = left + i * groupWidth + 20;
            for (Series s : series) {
                double v = s.value().applyAsDouble(medians.get(i));
                if (!Double.isNaN(v)) {
                    int h = (int) (v / max * height);
                    g.setColor(s.color());
                    g.fillRect(x, bottom - h, barWidth - 4, h);
                    g.setColor(Color.BLACK);
                    g.drawString(String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v), x, bottom - h - 4);
                }
                x += barWidth;
            }
            g.setColor(Color.BLACK);
            double ratio = medians.get(i).floorRatio();
            g.drawString(medians.get(i).scenario(), left + i * groupWidth + 20, bottom + 16);
            if (!Double.isNaN(ratio)) {
                g.drawString(String.format(Locale.ROOT, "÷ floor %.2f", ratio), left + i * groupWidth + 20, bottom + 30);
            }
        }
        legend(g, top, series.stream().map(s -> new Object[] {s.name(), s.color(), false}).toList());
    }

    static void timeline(Graphics2D g, int top, List<Curve> curves) {
        int left = MARGIN;
        int bottom = top + PANEL_HEIGHT - 40;
        int height = PANEL_HEIGHT - 100;
        int seconds = Scenarios.TIMELINE_SECONDS;
        double max = curves.stream().flatMap(c -> c.perSecond().stream()).mapToInt(Integer::intValue).max().orElse(1) * 1.15;
        frame(g, top, "Round 1, first " + seconds + " s: completions per second (service solid, warm-up included; floor dashed)",
                left, bottom, height, max);
        List<String> scenarios = curves.stream().map(Curve::scenario).distinct().toList();
        int plotWidth = WIDTH - left - 20;
        List<Object[]> legend = new ArrayList<>();
        Stroke solid = new BasicStroke(2f);
        Stroke dashed = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
        for (Curve curve : curves) {
            Color color = SCENARIO_COLORS[scenarios.indexOf(curve.scenario()) % SCENARIO_COLORS.length];
            boolean floor = !curve.side().equals("service");
            if (!curve.side().equals("service") && !curve.side().equals("floor")) {
                continue;
            }
            g.setColor(color);
            g.setStroke(floor ? dashed : solid);
            // A run shorter than the timeline ends where its completions end, not in a line along zero.
            int end = curve.perSecond().size();
            while (end > 0 && curve.perSecond().get(end - 1) == 0) {
                end--;
            }
            for (int s = 1; s < Math.min(seconds, end); s++) {
                g.drawLine(left + (s - 1) * plotWidth / seconds, bottom - (int) (curve.perSecond().get(s - 1) / max * height),
                        left + s * plotWidth / seconds, bottom - (int) (curve.perSecond().get(s) / max * height));
            }
            legend.add(new Object[] {curve.scenario() + " " + curve.side(), color, floor});
        }
        g.setStroke(new BasicStroke(1f));
        g.setColor(Color.BLACK);
        for (int s = 0; s <= seconds; s += 10) {
            g.drawString(s + " s", left + s * plotWidth / seconds - 8, bottom + 16);
        }
        legend(g, top, legend);
    }

    static void frame(Graphics2D g, int top, String title, int left, int bottom, int height, double max) {
        g.setColor(Color.BLACK);
        g.setFont(g.getFont().deriveFont(Font.BOLD));
        g.drawString(title, left, top + 20);
        g.setFont(g.getFont().deriveFont(Font.PLAIN));
        g.drawLine(left, bottom, WIDTH - 20, bottom);
        g.drawLine(left, bottom, left, bottom - height);
        for (int i = 0; i <= 4; i++) {
            int y = bottom - i * height / 4;
            g.setColor(new Color(0xdddddd));
            g.drawLine(left + 1, y, WIDTH - 20, y);
            g.setColor(Color.BLACK);
            g.drawString(String.format(Locale.ROOT, "%.0f", max * i / 4), 10, y + 4);
        }
    }

    /** Entries of {name, color, dashed}, at the panel's top right, three to a row. */
    static void legend(Graphics2D g, int top, List<Object[]> entries) {
        int perRow = 3;
        int width = 210;
        for (int i = 0; i < entries.size(); i++) {
            Object[] entry = entries.get(i);
            int x = WIDTH - 20 - perRow * width + (i % perRow) * width;
            int y = top + 38 + (i / perRow) * 16;
            g.setColor((Color) entry[1]);
            g.fillRect(x, y - 9, (boolean) entry[2] ? 6 : 14, 10);
            g.setColor(Color.BLACK);
            g.drawString((String) entry[0], x + 18, y);
        }
    }
}
