package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.ChartRenderer;
import io.jpraxis.bench.load.Figures;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws the soak's samples as a PNG with java.awt (headless), as the load suite draws its chart:
 * one panel per judged metric over the run's minutes, the two compared windows shaded and their
 * medians drawn across them.
 */
public final class SoakChart {
    private static final int WIDTH = 1400;
    private static final int HEADER = 60;
    private static final int PANEL_HEIGHT = 320;
    private static final int MARGIN = 30;
    private static final int AXIS = 70;
    private static final Color LINE = new Color(0xEF6C00);
    private static final Color WINDOW = new Color(0xE3F2FD);
    private static final Color MEDIAN = new Color(0x1565C0);
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 22);
    private static final Font PANEL = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);

    private SoakChart() {
    }

    /** Writes the chart of {@code result} to {@code png}. */
    public static void write(SoakResult result, Path png) throws IOException {
        List<SoakVerdict> verdicts = result.verdicts();
        int rows = (verdicts.size() + 1) / 2;
        int height = HEADER + rows * PANEL_HEIGHT + MARGIN;
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            g.setColor(Color.BLACK);
            g.setFont(TITLE);
            g.drawString("jpraxis soak, " + result.settings().minutes() + " min at " + Figures.count(result.rate())
                    + " req/s, reload every " + result.settings().reloadSeconds() + " s (" + result.startedAt() + "): "
                    + (result.pass() ? "PASS" : "FAIL"), MARGIN, 36);
            int panelWidth = (WIDTH - 3 * MARGIN) / 2;
            for (int i = 0; i < verdicts.size(); i++) {
                int left = MARGIN + (i % 2) * (panelWidth + MARGIN);
                int top = HEADER + (i / 2) * PANEL_HEIGHT;
                panel(g, result, verdicts.get(i), left, top, panelWidth);
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", png.toFile());
    }

    private static void panel(Graphics2D g, SoakResult r, SoakVerdict v, int left, int top, int width) {
        String unit = v.metric().unit().isEmpty() ? "" : ", " + v.metric().unit();
        g.setFont(PANEL);
        g.setColor(Color.BLACK);
        g.drawString(v.metric().label() + unit + ": " + (Double.isNaN(v.growthPercent()) ? "-"
                : String.format(Locale.ROOT, "%+.1f%%", v.growthPercent())) + " " + (v.pass() ? "PASS" : "FAIL"),
                left, top + 20);
        int plotLeft = left + AXIS;
        int plotTop = top + 40;
        int plotBottom = top + PANEL_HEIGHT - 50;
        int plotWidth = width - AXIS - 10;
        double runSeconds = r.settings().minutes() * 60.0;
        double max = r.samples().stream().mapToDouble(s -> v.metric().of(s)).filter(x -> !Double.isNaN(x)).max()
                .orElse(0);
        double scale = ChartRenderer.niceCeiling(max * 1.1);
        for (SoakWindows.Window w : List.of(r.baselineWindow(), r.lastWindow())) {
            int x0 = x(w.fromSeconds(), runSeconds, plotLeft, plotWidth);
            int x1 = x(w.toSeconds(), runSeconds, plotLeft, plotWidth);
            g.setColor(WINDOW);
            g.fillRect(x0, plotTop, Math.max(1, x1 - x0), plotBottom - plotTop);
        }
        g.setFont(LABEL);
        FontMetrics fm = g.getFontMetrics();
        for (int i = 0; i <= 4; i++) {
            int y = y(scale * i / 4, scale, plotTop, plotBottom);
            g.setColor(new Color(0xE0E0E0));
            g.drawLine(plotLeft, y, plotLeft + plotWidth, y);
            g.setColor(Color.DARK_GRAY);
            String text = Figures.compact(scale * i / 4);
            g.drawString(text, plotLeft - 8 - fm.stringWidth(text), y + 5);
        }
        int minutes = r.settings().minutes();
        int step = Math.max(1, minutes / 6);
        for (int m = 0; m <= minutes; m += step) {
            int x = x(m * 60.0, runSeconds, plotLeft, plotWidth);
            String text = m + " min";
            g.drawString(text, x - fm.stringWidth(text) / 2, plotBottom + 18);
        }
        Path2D line = new Path2D.Double();
        boolean started = false;
        for (SoakSample s : r.samples()) {
            double value = v.metric().of(s);
            if (Double.isNaN(value)) {
                continue;
            }
            int x = x(s.seconds(), runSeconds, plotLeft, plotWidth);
            int y = y(value, scale, plotTop, plotBottom);
            if (started) {
                line.lineTo(x, y);
            } else {
                line.moveTo(x, y);
                started = true;
            }
        }
        g.setColor(LINE);
        g.setStroke(new BasicStroke(2f));
        g.draw(line);
        g.setColor(MEDIAN);
        median(g, v.baseline(), r.baselineWindow(), runSeconds, scale, plotLeft, plotWidth, plotTop, plotBottom);
        median(g, v.last(), r.lastWindow(), runSeconds, scale, plotLeft, plotWidth, plotTop, plotBottom);
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1.5f));
        g.drawLine(plotLeft, plotBottom, plotLeft + plotWidth, plotBottom);
        g.drawLine(plotLeft, plotTop, plotLeft, plotBottom);
    }

    private static void median(Graphics2D g, double value, SoakWindows.Window w, double runSeconds, double scale,
            int plotLeft, int plotWidth, int plotTop, int plotBottom) {
        if (Double.isNaN(value)) {
            return;
        }
        int y = y(value, scale, plotTop, plotBottom);
        g.setStroke(new BasicStroke(3f));
        g.drawLine(x(w.fromSeconds(), runSeconds, plotLeft, plotWidth), y, x(w.toSeconds(), runSeconds, plotLeft,
                plotWidth), y);
    }

    private static int x(double seconds, double runSeconds, int plotLeft, int plotWidth) {
        return plotLeft + (int) Math.round(plotWidth * Math.min(1, Math.max(0, seconds / runSeconds)));
    }

    private static int y(double value, double scale, int plotTop, int plotBottom) {
        return plotBottom - (int) Math.round((plotBottom - plotTop) * value / scale);
    }
}
