package io.jpraxis.bench.load;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;

/**
 * Draws the medians as a PNG with java.awt (headless): one row per workload, req/s bars on the
 * left and p99 bars on the right, one colour per target. Each panel has its own scale, since
 * 1 MiB POSTs and 1 KiB GETs differ by orders of magnitude.
 */
public final class ChartRenderer {
    private static final int WIDTH = 1400;
    private static final int HEADER = 90;
    private static final int ROW = 250;
    private static final int MARGIN = 30;
    private static final int AXIS = 80;
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 22);
    private static final Font PANEL = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);

    private ChartRenderer() {
    }

    /** The colour each target keeps in every panel and in the legend. */
    static Color colour(String target) {
        return switch (TargetKind.byName(target).orElseThrow()) {
            case ORIGIN, WS_ORIGIN -> new Color(0x9E9E9E);
            case NGINX, NGINX_TLS, NGINX_WS, NGINX_GZIP -> new Color(0x2E7D32);
            case HAPROXY, HAPROXY_TLS, HAPROXY_WS, HAPROXY_GZIP -> new Color(0x1565C0);
            case JPRAXIS, JPRAXIS_TLS, JPRAXIS_WS, JPRAXIS_GZIP -> new Color(0xEF6C00);
            case JPRAXIS_EDGE -> new Color(0x558B2F);
            case JPRAXIS_TLS_JDK -> new Color(0xFFB74D);
            case JPRAXIS_ONE_LOOP -> new Color(0xFFB74D);
            case JPRAXIS_20F -> new Color(0xAD1457);
            case JPRAXIS_AI -> new Color(0x6A1B9A);
            case JPRAXIS_DISPATCH -> new Color(0x00838F);
            case NETTY_FLOOR, NETTY_FLOOR_TLS -> new Color(0x795548);
        };
    }

    /** Writes the chart of {@code table}'s workloads, in {@code workloads} order, to {@code png}. */
    public static void write(MedianTable table, List<String> workloads, String title, Path png) throws IOException {
        List<String> drawn = workloads.stream().filter(w -> !table.rowsOf(w).isEmpty()).toList();
        int height = HEADER + Math.max(1, drawn.size()) * ROW + MARGIN;
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            g.setColor(Color.BLACK);
            g.setFont(TITLE);
            g.drawString(title, MARGIN, 36);
            legend(g, table);
            int panelWidth = (WIDTH - 3 * MARGIN) / 2;
            for (int i = 0; i < drawn.size(); i++) {
                int top = HEADER + i * ROW;
                List<TargetMedians> rows = table.rowsOf(drawn.get(i));
                panel(g, drawn.get(i) + " - req/s (higher is better)", rows, TargetMedians::requestsPerSecond,
                        Figures::count, MARGIN, top, panelWidth);
                panel(g, drawn.get(i) + " - p99 latency, ms (lower is better)", rows, t -> t.p99Micros() / 1000,
                        Figures::compact, 2 * MARGIN + panelWidth, top, panelWidth);
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", png.toFile());
    }

    private static void legend(Graphics2D g, MedianTable table) {
        g.setFont(LABEL);
        int x = MARGIN;
        for (TargetKind k : TargetKind.values()) {
            if (table.rows().stream().noneMatch(r -> r.target().equals(k.cliName()))) {
                continue;
            }
            g.setColor(colour(k.cliName()));
            g.fillRect(x, 56, 16, 16);
            g.setColor(Color.BLACK);
            g.drawString(k.cliName(), x + 22, 69);
            x += 40 + g.getFontMetrics().stringWidth(k.cliName());
        }
    }

    private static void panel(Graphics2D g, String title, List<TargetMedians> rows, ToDoubleFunction<TargetMedians> value,
            DoubleFunction<String> label, int left, int top, int width) {
        g.setFont(PANEL);
        g.setColor(Color.BLACK);
        g.drawString(title, left, top + 20);
        int plotLeft = left + AXIS;
        int plotTop = top + 40;
        int plotBottom = top + ROW - 45;
        int plotWidth = width - AXIS - 10;
        double max = rows.stream().mapToDouble(value).filter(v -> !Double.isNaN(v)).max().orElse(0);
        double scale = niceCeiling(max);
        g.setFont(LABEL);
        FontMetrics fm = g.getFontMetrics();
        for (int i = 0; i <= 4; i++) {
            double v = scale * i / 4;
            int y = plotBottom - (int) Math.round((plotBottom - plotTop) * (i / 4.0));
            g.setColor(new Color(0xE0E0E0));
            g.drawLine(plotLeft, y, plotLeft + plotWidth, y);
            g.setColor(Color.DARK_GRAY);
            String text = label.apply(v);
            g.drawString(text, plotLeft - 8 - fm.stringWidth(text), y + 5);
        }
        int slot = plotWidth / Math.max(rows.size(), 1);
        int barWidth = Math.min(90, slot * 3 / 5);
        for (int i = 0; i < rows.size(); i++) {
            TargetMedians row = rows.get(i);
            double v = value.applyAsDouble(row);
            int centre = plotLeft + slot * i + slot / 2;
            int barHeight = Double.isNaN(v) || scale == 0 ? 0 : (int) Math.round((plotBottom - plotTop) * v / scale);
            g.setColor(colour(row.target()));
            g.fillRect(centre - barWidth / 2, plotBottom - barHeight, barWidth, barHeight);
            g.setColor(Color.BLACK);
            String text = Double.isNaN(v) ? Figures.MISSING : label.apply(v);
            g.drawString(text, centre - fm.stringWidth(text) / 2, plotBottom - barHeight - 5);
            g.drawString(row.target(), centre - fm.stringWidth(row.target()) / 2, plotBottom + 18);
        }
        g.setStroke(new BasicStroke(1.5f));
        g.drawLine(plotLeft, plotBottom, plotLeft + plotWidth, plotBottom);
        g.drawLine(plotLeft, plotTop, plotLeft, plotBottom);
    }

    /** The smallest 1, 2, 2.5 or 5 times a power of ten at or above {@code max}, for round gridlines. */
    public static double niceCeiling(double max) {
        if (max <= 0) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * power >= max) {
                return step * power;
            }
        }
        return 10 * power;
    }
}
