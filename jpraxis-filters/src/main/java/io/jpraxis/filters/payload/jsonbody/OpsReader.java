package io.jpraxis.filters.payload.jsonbody;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.Destination;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.Extract;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.ValueSource;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.Write;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Reads the operation lists of a {@code json_body} entry, one item at a time, reporting every bad item. */
final class OpsReader {
    private final MapReader options;
    private final Function<String, String> environment;

    OpsReader(MapReader options, Function<String, String> environment) {
        this.options = options;
        this.environment = environment;
    }

    /** A pointer read for a list, with where it was written (for the overlap checks). */
    record Placed<T>(T op, JsonPointer pointer, ConfigPath path, int line) {
    }

    List<Placed<Write>> writes(String key) {
        List<Placed<Write>> out = new ArrayList<>();
        items(key, (node, path) -> write(node, path).ifPresent(out::add));
        return out;
    }

    List<Placed<JsonPointer>> removals(String key) {
        List<Placed<JsonPointer>> out = new ArrayList<>();
        items(key, (node, path) -> Scalars.string(node, path, d())
                .flatMap(text -> pointer(text, path, node.line(), true))
                .ifPresent(p -> out.add(new Placed<>(p, p, path, node.line()))));
        return out;
    }

    List<Placed<Extract>> extracts(String key, boolean headerAllowed) {
        List<Placed<Extract>> out = new ArrayList<>();
        items(key, (node, path) -> extract(node, path, headerAllowed).ifPresent(out::add));
        return out;
    }

    private void items(String key, java.util.function.BiConsumer<ConfigNode, ConfigPath> each) {
        List<ConfigNode> items = options.list(key).orElse(List.of());
        for (int i = 0; i < items.size(); i++) {
            each.accept(items.get(i), options.path(key).index(i));
        }
    }

    private Optional<Placed<Write>> write(ConfigNode node, ConfigPath path) {
        MapReader r = MapReader.of(node, path, d(), JsonBodyKeys.WRITE);
        Optional<JsonPointer> pointer = readPointer(r, true);
        Optional<ValueSource> source = source(r);
        if (!r.finishCleanly() || pointer.isEmpty() || source.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Placed<>(new Write(pointer.get(), source.get()), pointer.get(), r.path("pointer"),
                r.line("pointer")));
    }

    private Optional<Placed<Extract>> extract(ConfigNode node, ConfigPath path, boolean headerAllowed) {
        MapReader r = MapReader.of(node, path, d(),
                headerAllowed ? JsonBodyKeys.EXTRACT : JsonBodyKeys.RESPONSE_EXTRACT);
        Optional<JsonPointer> pointer = readPointer(r, false);
        Optional<Destination> destination = destination(r, headerAllowed);
        if (!r.finishCleanly() || pointer.isEmpty() || destination.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Placed<>(new Extract(pointer.get(), destination.get()), pointer.get(),
                r.path("pointer"), r.line("pointer")));
    }

    private Optional<JsonPointer> readPointer(MapReader r, boolean mutating) {
        String text = r.requiredString("pointer");
        return text == null ? Optional.empty() : pointer(text, r.path("pointer"), r.line("pointer"), mutating);
    }

    private Optional<JsonPointer> pointer(String text, ConfigPath path, int line, boolean mutating) {
        Optional<JsonPointer> p = JsonPointer.parse(text);
        if (p.isEmpty()) {
            d().invalid(path, line, HeaderListReader.quote(text), JsonPointer.SYNTAX);
        } else if (mutating && p.get().isRoot()) {
            d().invalid(path, line, "\"\"", "a pointer below the whole document (the document itself cannot be "
                    + "added, replaced or removed)");
            return Optional.empty();
        }
        return p;
    }

    private Optional<ValueSource> source(MapReader r) {
        if (!exactlyOne(r, List.of("value", "metadata", "structured_metadata", "env_var"))) {
            return Optional.empty();
        }
        if (r.has("value")) {
            ConfigNode node = r.node("value").orElseThrow();
            Optional<JsonDoc> value = ConfigJson.of(node);
            if (value.isEmpty()) {
                d().invalid(r.path("value"), r.line("value"), node.render(), "a value JSON can hold (no .inf or .nan)");
            }
            return value.map(ValueSource.Literal::new);
        }
        if (r.has("metadata")) {
            return r.string("metadata").map(ValueSource.Metadata::new);
        }
        if (r.has("structured_metadata")) {
            return structured(r).map(s -> new ValueSource.Structured(s[0], s[1]));
        }
        return envVar(r);
    }

    private Optional<ValueSource> envVar(MapReader r) {
        Optional<String> name = r.string("env_var");
        if (name.isEmpty()) {
            return Optional.empty();
        }
        String value = environment.apply(name.get());
        if (value == null) {
            r.invalid("env_var", "an environment variable set at startup");
            return Optional.empty();
        }
        return Optional.of(new ValueSource.EnvVar(name.get(), value));
    }

    private Optional<Destination> destination(MapReader r, boolean headerAllowed) {
        if (!exactlyOne(r, headerAllowed ? List.of("metadata", "structured_metadata", "header")
                : List.of("metadata", "structured_metadata"))) {
            return Optional.empty();
        }
        if (r.has("metadata")) {
            return r.string("metadata").map(Destination.Metadata::new);
        }
        if (r.has("structured_metadata")) {
            return structured(r).map(s -> new Destination.Structured(s[0], s[1]));
        }
        return r.string("header").flatMap(name -> header(name, r));
    }

    private Optional<Destination> header(String name, MapReader r) {
        if (!HeaderListReader.checkName(name, r.path("header"), r.line("header"), d())) {
            return Optional.empty();
        }
        String lower = HeaderMap.normalize(name);
        if (HopByHopHeaders.NAMES.contains(lower) || lower.equals("content-length") || lower.equals("host")) {
            r.diagnostics().invalid(r.path("header"), r.line("header"), HeaderListReader.quote(name),
                    "a header that is not hop-by-hop, framing or host");
            return Optional.empty();
        }
        return Optional.of(new Destination.Header(name));
    }

    private Optional<String[]> structured(MapReader r) {
        Optional<MapReader> m = r.map("structured_metadata", JsonBodyKeys.STRUCTURED);
        if (m.isEmpty()) {
            return Optional.empty();
        }
        String namespace = m.get().requiredString("namespace");
        String key = m.get().requiredString("key");
        if (!m.get().finishCleanly() || namespace == null || key == null) {
            return Optional.empty();
        }
        return Optional.of(new String[] {namespace, key});
    }

    private static boolean exactlyOne(MapReader r, List<String> keys) {
        List<String> set = keys.stream().filter(r::has).toList();
        if (set.size() == 1) {
            return true;
        }
        String expected = "exactly one of " + String.join(", ", keys);
        if (set.isEmpty()) {
            r.diagnostics().error(r.path(), r.line(), "none of " + String.join(", ", keys) + " (expected: "
                    + expected + ")");
        } else {
            r.error(set.get(1), "set together with " + set.get(0) + " (expected: " + expected + ")");
        }
        r.skip(keys.toArray(String[]::new));
        return false;
    }

    private Diagnostics d() {
        return options.diagnostics();
    }
}
