package io.jpraxis.config.diag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Collects every diagnostic of a load; validation never stops at the first problem.
 *
 * <p>{@link #scoped(FilterScope)} returns a view that stamps a pipeline scope on what it reports
 * while writing into the same list, so a filter factory need not know where its entry stands.
 */
public final class Diagnostics {
    private final List<Diagnostic> sink;
    private final FilterScope scope;

    public Diagnostics() {
        this(new ArrayList<>(), null);
    }

    private Diagnostics(List<Diagnostic> sink, FilterScope scope) {
        this.sink = sink;
        this.scope = scope;
    }

    /** A view reporting into the same list with {@code newScope} attached. */
    public Diagnostics scoped(FilterScope newScope) {
        return new Diagnostics(sink, newScope);
    }

    public FilterScope scope() {
        return scope;
    }

    public void error(ConfigPath path, int line, String message) {
        sink.add(new Diagnostic.Error(path, line, message, scope));
    }

    public void warn(ConfigPath path, int line, String message) {
        sink.add(new Diagnostic.Warning(path, line, message, scope));
    }

    /** Adds a diagnostic made elsewhere (it keeps its own scope). */
    public void add(Diagnostic diagnostic) {
        sink.add(diagnostic);
    }

    /** Reports {@code path: value (expected: expectation)}. */
    public void invalid(ConfigPath path, int line, String renderedValue, String expectation) {
        error(path, line, renderedValue + " (expected: " + expectation + ")");
    }

    public boolean hasErrors() {
        for (Diagnostic d : sink) {
            if (d instanceof Diagnostic.Error) {
                return true;
            }
        }
        return false;
    }

    public int errorCount() {
        int n = 0;
        for (Diagnostic d : sink) {
            if (d instanceof Diagnostic.Error) {
                n++;
            }
        }
        return n;
    }

    /** Every diagnostic so far, in the order found. */
    public List<Diagnostic> all() {
        return Collections.unmodifiableList(sink);
    }

    public List<Diagnostic> errors() {
        return sink.stream().filter(d -> d instanceof Diagnostic.Error).toList();
    }

    public List<Diagnostic> warnings() {
        return sink.stream().filter(d -> d instanceof Diagnostic.Warning).toList();
    }
}
