package io.jpraxis.filters.support;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the {@code [{name, value}]} and {@code [name]} lists several filters share, checking names
 * and values and refusing names from a forbidden set.
 */
public final class HeaderListReader {
    private HeaderListReader() {
    }

    /**
     * Reads {@code key} as a list of {@code {name, value}} maps; absent means empty.
     *
     * @param forbidden lower-case names refused here (empty for none)
     * @param forbiddenWhy completes "expected: a header name that is not ..." for a refused name
     */
    public static List<HeaderValue> pairs(MapReader reader, String key, Set<String> forbidden, String forbiddenWhy) {
        return reader.listOf(key, (item, path) -> pair(item, path, reader.diagnostics(), forbidden, forbiddenWhy));
    }

    /** Reads {@code key} as a list of header names; absent means empty. */
    public static List<String> names(MapReader reader, String key) {
        List<ConfigNode> items = reader.list(key).orElse(List.of());
        List<String> names = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = reader.path(key).index(i);
            Optional<String> name = Scalars.string(items.get(i), path, reader.diagnostics());
            if (name.isPresent() && checkName(name.get(), path, items.get(i).line(), reader.diagnostics())) {
                names.add(name.get());
            }
        }
        return names;
    }

    private static Optional<HeaderValue> pair(ConfigNode item, ConfigPath path, Diagnostics d, Set<String> forbidden,
            String forbiddenWhy) {
        MapReader entry = MapReader.of(item, path, d);
        String name = entry.requiredString("name");
        String value = entry.requiredString("value");
        entry.finish();
        boolean ok = name != null && value != null;
        if (name != null) {
            if (!checkName(name, entry.path("name"), entry.line("name"), d)) {
                ok = false;
            } else if (forbidden.contains(name.toLowerCase(Locale.ROOT))) {
                d.invalid(entry.path("name"), entry.line("name"), quote(name), "a header name that is not " + forbiddenWhy);
                ok = false;
            }
        }
        if (value != null && !HeaderRules.isValidValue(value)) {
            d.invalid(entry.path("value"), entry.line("value"), quote(value), HeaderRules.VALUE_EXPECTATION);
            ok = false;
        }
        return ok ? Optional.of(new HeaderValue(name, value)) : Optional.empty();
    }

    /** Reports {@code name} when it is not a valid header name; true when valid. */
    public static boolean checkName(String name, ConfigPath path, int line, Diagnostics d) {
        if (HeaderRules.isValidName(name)) {
            return true;
        }
        d.invalid(path, line, quote(name), HeaderRules.NAME_EXPECTATION);
        return false;
    }

    /** {@code "text"} with control characters escaped, for messages. */
    public static String quote(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\r' -> sb.append("\\r");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
