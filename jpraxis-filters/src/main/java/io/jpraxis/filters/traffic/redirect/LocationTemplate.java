package io.jpraxis.filters.traffic.redirect;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A parsed {@code location}: literal text and {@code ${name}} placeholders, split once at build
 * time so a request only appends pieces.
 */
final class LocationTemplate {
    private final List<Part> parts;

    private LocationTemplate(List<Part> parts) {
        this.parts = List.copyOf(parts);
    }

    /** The placeholders a location may use. */
    enum Placeholder {
        PATH("path"), QUERY("query"), HOST("host"), SCHEME("scheme");

        private final String name;

        Placeholder(String name) {
            this.name = name;
        }

        /** {@code ${path}} and so on. */
        String spelled() {
            return "${" + name + "}";
        }

        static Placeholder byName(String name) {
            for (Placeholder p : values()) {
                if (p.name.equals(name)) {
                    return p;
                }
            }
            return null;
        }

        static String allSpelled() {
            List<String> all = new ArrayList<>();
            for (Placeholder p : values()) {
                all.add(p.spelled());
            }
            return String.join(", ", all);
        }
    }

    /** A piece of the template. */
    sealed interface Part permits Literal, Slot {
    }

    /** Text copied as it is. */
    record Literal(String text) implements Part {
    }

    /** A placeholder replaced per request. */
    record Slot(Placeholder placeholder) implements Part {
    }

    /**
     * Splits {@code text}; each unknown or unterminated placeholder is passed to {@code problems}
     * (as written, e.g. {@code ${pth}}) and the result is then null.
     */
    static LocationTemplate parse(String text, Consumer<String> problems) {
        List<Part> parts = new ArrayList<>();
        boolean ok = true;
        int from = 0;
        while (from < text.length()) {
            int open = text.indexOf("${", from);
            if (open < 0) {
                parts.add(new Literal(text.substring(from)));
                break;
            }
            if (open > from) {
                parts.add(new Literal(text.substring(from, open)));
            }
            int close = text.indexOf('}', open + 2);
            if (close < 0) {
                problems.accept(text.substring(open) + " (unterminated)");
                ok = false;
                break;
            }
            Placeholder p = Placeholder.byName(text.substring(open + 2, close));
            if (p == null) {
                problems.accept(text.substring(open, close + 1));
                ok = false;
            } else {
                parts.add(new Slot(p));
            }
            from = close + 1;
        }
        return ok ? new LocationTemplate(parts) : null;
    }

    boolean uses(Placeholder placeholder) {
        for (Part part : parts) {
            if (part instanceof Slot s && s.placeholder() == placeholder) {
                return true;
            }
        }
        return false;
    }

    /** The template with each placeholder replaced by {@code values}. */
    String expand(Values values) {
        StringBuilder out = new StringBuilder(64);
        for (Part part : parts) {
            switch (part) {
                case Literal l -> out.append(l.text());
                case Slot s -> out.append(values.of(s.placeholder()));
            }
        }
        return out.toString();
    }

    /** Per-request placeholder values, already made safe for a Location header. */
    @FunctionalInterface
    interface Values {
        String of(Placeholder placeholder);
    }
}
