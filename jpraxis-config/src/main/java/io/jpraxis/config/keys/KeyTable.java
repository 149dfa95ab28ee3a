package io.jpraxis.config.keys;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a descriptor as the key table of its reference page: one row per key in reading order,
 * nested keys written with dots and list items with {@code []} ({@code endpoints[].weight}), then
 * the Praxis keys that are refused as not implemented. Pages keep the table between
 * {@link #BEGIN} and {@link #END}, and a test compares it with this rendering.
 */
public final class KeyTable {
    public static final String BEGIN = "<!-- keys:begin -->";
    public static final String END = "<!-- keys:end -->";
    private static final String HEADER = "| Key | Type | Default | Limits | Description |\n"
            + "| --- | --- | --- | --- | --- |\n";

    private KeyTable() {
    }

    /** The table (and the not-implemented line, if any), without the markers. */
    public static String render(ObjectDescriptor descriptor) {
        List<String> rows = new ArrayList<>();
        rows(descriptor, "", rows);
        StringBuilder out = new StringBuilder(HEADER);
        rows.forEach(r -> out.append(r).append('\n'));
        List<String> notImplemented = new ArrayList<>();
        notImplemented(descriptor, "", notImplemented);
        if (!notImplemented.isEmpty()) {
            out.append("\nPraxis keys refused as not implemented in jpraxis: ")
                    .append(String.join(", ", notImplemented)).append(".\n");
        }
        return out.toString();
    }

    private static void rows(ObjectDescriptor d, String prefix, List<String> out) {
        for (KeyDescriptor k : d.keys()) {
            String name = prefix + k.name();
            out.add("| `" + name + "` | " + typeName(k.type()) + " | " + defaultCell(k) + " | " + limitsCell(k)
                    + " | " + cell(k.description() + (k.secret() ? " Redacted by dump." : "")) + " |");
            nested(k.type(), name, out);
        }
    }

    private static void nested(KeyType type, String name, List<String> out) {
        switch (type) {
            case KeyType.Obj o -> rows(o.object(), name + ".", out);
            case KeyType.ListOf l -> nested(l.item(), name + "[]", out);
            case KeyType.OneOf o -> o.shapes().forEach(s -> nested(s, name, out));
            case KeyType.MapOf m -> nested(m.values(), name + ".<name>", out);
            case KeyType.Text t -> { }
            case KeyType.Int i -> { }
            case KeyType.Num n -> { }
            case KeyType.Bool b -> { }
            case KeyType.Scalar s -> { }
            case KeyType.Choice c -> { }
            case KeyType.Ref r -> { } // described on its own page; expanding it could loop
            case KeyType.Open o -> { }
        }
    }

    private static void notImplemented(ObjectDescriptor d, String prefix, List<String> out) {
        d.notImplemented().forEach(n -> out.add("`" + prefix + n + "`"));
        for (KeyDescriptor k : d.keys()) {
            objects(k.type()).forEach(o -> notImplemented(o, prefix + path(k.name(), k.type()) + ".", out));
        }
    }

    /** The maps nested directly in {@code type} (through lists and alternatives, not references). */
    private static List<ObjectDescriptor> objects(KeyType type) {
        return switch (type) {
            case KeyType.Obj o -> List.of(o.object());
            case KeyType.ListOf l -> objects(l.item());
            case KeyType.OneOf o -> o.shapes().stream().flatMap(s -> objects(s).stream()).toList();
            case KeyType.MapOf m -> objects(m.values());
            case KeyType.Text t -> List.of();
            case KeyType.Int i -> List.of();
            case KeyType.Num n -> List.of();
            case KeyType.Bool b -> List.of();
            case KeyType.Scalar s -> List.of();
            case KeyType.Choice c -> List.of();
            case KeyType.Ref r -> List.of();
            case KeyType.Open o -> List.of();
        };
    }

    private static String path(String name, KeyType type) {
        return type instanceof KeyType.ListOf l ? path(name + "[]", l.item()) : name;
    }

    static String typeName(KeyType type) {
        return switch (type) {
            case KeyType.Text t -> "string";
            case KeyType.Int i -> "integer";
            case KeyType.Num n -> "number";
            case KeyType.Bool b -> "boolean";
            case KeyType.Scalar s -> "scalar";
            case KeyType.Choice c -> "enum";
            case KeyType.ListOf l -> "list of " + typeName(l.item());
            case KeyType.Obj o -> "map";
            case KeyType.MapOf m -> "map of " + typeName(m.values());
            case KeyType.Ref r -> r.id().replace('_', ' ');
            case KeyType.OneOf o -> String.join(" or ", o.shapes().stream().map(KeyTable::typeName).toList());
            case KeyType.Open o -> "any";
        };
    }

    private static String defaultCell(KeyDescriptor k) {
        if (k.required()) {
            return "required";
        }
        return k.defaultValue() == null ? "" : "`" + (k.defaultValue().isEmpty() ? "\"\"" : k.defaultValue()) + "`";
    }

    private static String limitsCell(KeyDescriptor k) {
        String limits = join(limits(k.type()), k.rule() == null ? "" : k.rule());
        if (k.nullMeaning() != null) {
            limits = (limits.isEmpty() ? "" : limits + "; ") + "null: " + k.nullMeaning();
        }
        return cell(limits);
    }

    static String limits(KeyType type) {
        return switch (type) {
            case KeyType.Text t -> length(t);
            case KeyType.Int i -> i.max() == Long.MAX_VALUE ? "at least " + i.min() : i.min() + " to " + i.max();
            case KeyType.Num n -> n.exclusiveMin() == KeyType.Num.FROM_ZERO ? "0 to " + number(n.max())
                    : "greater than " + number(n.exclusiveMin()) + ", at most " + number(n.max());
            case KeyType.Bool b -> "";
            case KeyType.Scalar s -> "";
            case KeyType.Choice c -> String.join(", ", c.values().stream().map(v -> "`" + v + "`").toList());
            case KeyType.ListOf l -> join(limits(l.item()).isEmpty() ? "" : "each " + limits(l.item()), count(l));
            case KeyType.Obj o -> "";
            case KeyType.MapOf m -> join(m.minEntries() > 0 ? "at least " + m.minEntries() + " entry" : "",
                    limits(m.values()).isEmpty() ? "" : "each " + limits(m.values()));
            case KeyType.Ref r -> "";
            case KeyType.OneOf o -> String.join("; ", o.shapes().stream().map(KeyTable::limits)
                    .filter(s -> !s.isEmpty()).toList());
            case KeyType.Open o -> "";
        };
    }

    private static String length(KeyType.Text t) {
        if (t.minLength() != null && t.maxLength() != null) {
            return t.minLength() + " to " + t.maxLength() + " characters";
        }
        if (t.minLength() != null) {
            return "at least " + t.minLength() + (t.minLength() == 1 ? " character" : " characters");
        }
        return t.maxLength() != null ? "at most " + t.maxLength() + " characters" : "";
    }

    private static String count(KeyType.ListOf l) {
        if (l.minItems() > 0 && l.maxItems() != null) {
            return l.minItems() + " to " + l.maxItems() + " items";
        }
        if (l.minItems() > 0) {
            return "at least " + l.minItems() + (l.minItems() == 1 ? " item" : " items");
        }
        return l.maxItems() != null ? "at most " + l.maxItems() + " items" : "";
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + "; " + b;
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }

    /** Text safe inside a table cell. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
