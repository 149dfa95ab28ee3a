package io.jpraxis.server.boot;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Diagnostics as {@code validate} prints them, shared with the reload log so an operator reads
 * the same lines whichever way a config was refused.
 */
public final class DiagnosticLines {
    private DiagnosticLines() {
    }

    /** {@code warning: ...} lines, then {@code error: ...} lines in document order (line-less ones last). */
    public static List<String> of(Diagnostics diagnostics) {
        List<String> lines = new ArrayList<>();
        for (Diagnostic d : diagnostics.warnings()) {
            lines.add("warning: " + d.render());
        }
        // Document order reads best; findings without a line (whole-pipeline rules) go last.
        diagnostics.errors().stream()
                .sorted(Comparator.comparingInt(d -> d.line() == 0 ? Integer.MAX_VALUE : d.line()))
                .forEach(d -> lines.add("error: " + d.render()));
        return lines;
    }

    /** {@code N error(s); configuration refused}, after the source's description. */
    public static String summary(String source, Diagnostics diagnostics) {
        int n = diagnostics.errorCount();
        return source + ": " + n + (n == 1 ? " error" : " errors") + "; configuration refused";
    }
}
