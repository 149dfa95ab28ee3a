package io.jpraxis.config.read;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.ConfigNode.MapNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Reads one YAML map strictly: every key read is remembered, and {@link #finish()} reports each
 * key nobody read as unknown (or as "not implemented in jpraxis" for known Praxis keys).
 *
 * <p>Reads never throw; a wrong type is a diagnostic and the read returns empty, so one pass
 * reports every mistake. A reader made from a non-map node reports that once and then reads
 * nothing.
 *
 * <p>A reader opened with an {@link ObjectDescriptor} takes its not-implemented keys and the limits
 * of {@link #integer(String)} and {@link #number(String)} from it, and refuses (as a programmer
 * error) to read a key the descriptor does not list, so a reader cannot accept a key that its
 * descriptor, and the reference page rendered from it, leaves out.
 */
public final class MapReader {
    /** See {@link #keysReadDuring(Runnable)}. */
    private static final ThreadLocal<Deque<Set<String>>> WATCHES = ThreadLocal.withInitial(ArrayDeque::new);
    private final MapNode map;
    private final ConfigPath path;
    private final int line;
    private final Diagnostics diagnostics;
    private final Set<String> consumed = new HashSet<>();
    private final Set<String> notImplemented = new LinkedHashSet<>();
    /** Errors already reported when this reader was opened: what came after is this map's. */
    private final int errorsAtOpen;
    /** The keys this map may hold, or null for a reader that keeps its own list. */
    private final ObjectDescriptor descriptor;

    private MapReader(MapNode map, ConfigPath path, int line, Diagnostics diagnostics, int errorsAtOpen,
            ObjectDescriptor descriptor) {
        this.map = map;
        this.path = path;
        this.line = line;
        this.diagnostics = diagnostics;
        this.errorsAtOpen = errorsAtOpen;
        this.descriptor = descriptor;
        if (descriptor != null) {
            notImplemented.addAll(descriptor.notImplemented());
        }
    }

    /** Wraps {@code node}; reports and returns an empty reader when it is not a map. */
    public static MapReader of(ConfigNode node, ConfigPath path, Diagnostics diagnostics) {
        return of(node, path, diagnostics, null);
    }

    /**
     * Wraps {@code node}, described by {@code descriptor} (null: undescribed, as {@link #of(ConfigNode,
     * ConfigPath, Diagnostics)}); reports and returns an empty reader when it is not a map.
     */
    public static MapReader of(ConfigNode node, ConfigPath path, Diagnostics diagnostics,
            ObjectDescriptor descriptor) {
        int errorsAtOpen = diagnostics.errorCount();
        if (node instanceof MapNode m) {
            return new MapReader(m, path, m.line(), diagnostics, errorsAtOpen, descriptor);
        }
        diagnostics.invalid(path, node.line(), node.render(), "a map");
        return new MapReader(new MapNode(List.of(), node.line()), path, node.line(), diagnostics, errorsAtOpen,
                descriptor);
    }

    public ConfigPath path() {
        return path;
    }

    public ConfigPath path(String key) {
        return path.key(key);
    }

    public int line() {
        return line;
    }

    /** Line of {@code key}'s value, else of the map. */
    public int line(String key) {
        return map.get(key).map(ConfigNode::line).orElse(line);
    }

    public Diagnostics diagnostics() {
        return diagnostics;
    }

    public MapNode node() {
        return map;
    }

    public boolean has(String key) {
        return map.entry(key).isPresent();
    }

    public boolean isEmpty() {
        return map.entries().isEmpty();
    }

    /** Keys in document order. */
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        map.entries().forEach(e -> keys.add(e.key()));
        return keys;
    }

    /** The raw node of {@code key}, marking it read. */
    public Optional<ConfigNode> node(String key) {
        checkDescribed(key);
        consume(key);
        return map.get(key);
    }

    /** The raw node unless it is absent or an explicit null. */
    public Optional<ConfigNode> present(String key) {
        return node(key).filter(n -> !(n instanceof ConfigNode.NullNode));
    }

    public void error(String key, String message) {
        diagnostics.error(path.key(key), line(key), message);
    }

    public void invalid(String key, String expectation) {
        ConfigNode n = map.get(key).orElse(null);
        diagnostics.invalid(path.key(key), line(key), n == null ? "missing" : n.render(), expectation);
    }

    /**
     * Reports {@code key} as required when absent or an explicit null ({@code key: ~}), so a caller
     * that goes on to read it never mistakes a null for a value.
     */
    public boolean require(String key) {
        if (!has(key)) {
            diagnostics.error(path.key(key), line, "missing (expected: a value; this key is required)");
            return false;
        }
        if (node(key).orElseThrow() instanceof ConfigNode.NullNode) { // node() marks it read
            diagnostics.error(path.key(key), line(key), "null (expected: a value; this key is required)");
            return false;
        }
        return true;
    }

    public Optional<String> string(String key) {
        return present(key).flatMap(n -> Scalars.string(n, path.key(key), diagnostics));
    }

    public String requiredString(String key) {
        if (!require(key)) {
            consume(key);
            return null;
        }
        // An explicit null is a wrong type here, not an absent key.
        return node(key).flatMap(n -> Scalars.string(n, path.key(key), diagnostics)).orElse(null);
    }

    /** An integer within the limits {@code key}'s descriptor gives; needs a described reader. */
    public Optional<Long> integer(String key) {
        KeyType.Int range = described(key, KeyType.Int.class);
        return integer(key, range.min(), range.max());
    }

    /** A finite number within the limits {@code key}'s descriptor gives; needs a described reader. */
    public Optional<Double> number(String key) {
        KeyType.Num range = described(key, KeyType.Num.class);
        return number(key, range.exclusiveMin(), range.max(), range.expectation());
    }

    public Optional<Long> integer(String key, long min, long max) {
        return present(key).flatMap(n -> Scalars.integer(n, path.key(key), diagnostics, min, max));
    }

    /** A finite number (integer or float) in {@code (exclusiveMin, max]}; see {@link Scalars#number}. */
    public Optional<Double> number(String key, double exclusiveMin, double max, String expectation) {
        return present(key).flatMap(n -> Scalars.number(n, path.key(key), diagnostics, exclusiveMin, max, expectation));
    }

    public Optional<Boolean> bool(String key) {
        return present(key).flatMap(n -> Scalars.bool(n, path.key(key), diagnostics));
    }

    public boolean bool(String key, boolean fallback) {
        return bool(key).orElse(fallback);
    }

    /** An enum value spelled as the constant's lower-case name ({@code round_robin}). */
    public <E extends Enum<E>> Optional<E> enumValue(String key, Class<E> type) {
        return present(key).flatMap(n -> Scalars.enumValue(n, path.key(key), diagnostics, type));
    }

    public Optional<MapReader> map(String key) {
        return map(key, null);
    }

    /** The nested map under {@code key}, read by {@code descriptor}. */
    public Optional<MapReader> map(String key, ObjectDescriptor descriptor) {
        return present(key).map(n -> MapReader.of(n, path.key(key), diagnostics, descriptor));
    }

    /** Items of a list under {@code key}; a non-list is reported. */
    public Optional<List<ConfigNode>> list(String key) {
        return present(key).flatMap(n -> Scalars.list(n, path.key(key), diagnostics));
    }

    /** Reads each item of the list under {@code key} with {@code reader(item, itemPath)}, dropping failures. */
    public <T> List<T> listOf(String key, BiFunction<ConfigNode, ConfigPath, Optional<T>> reader) {
        List<ConfigNode> items = list(key).orElse(List.of());
        List<T> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            reader.apply(items.get(i), path.key(key).index(i)).ifPresent(out::add);
        }
        return out;
    }

    /** A list of strings; non-string items are reported and dropped. */
    public Optional<List<String>> strings(String key) {
        return list(key).map(items -> {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                Scalars.string(items.get(i), path.key(key).index(i), diagnostics).ifPresent(out::add);
            }
            return out;
        });
    }

    /**
     * Marks keys that Praxis has but jpraxis does not implement yet (see
     * docs/behaviour/config-loading.md#diagnostics).
     */
    public MapReader notImplemented(String... keys) {
        notImplemented.addAll(List.of(keys));
        return this;
    }

    /** Marks keys as read without reading them (a caller handles them elsewhere). */
    public MapReader skip(String... keys) {
        for (String key : keys) {
            checkDescribed(key);
            consume(key);
        }
        return this;
    }

    private void consume(String key) {
        consumed.add(key);
        Deque<Set<String>> watches = WATCHES.get();
        if (!watches.isEmpty()) {
            watches.peek().add(path.key(key).toString());
        }
    }

    /**
     * Runs {@code action} and returns the path of every key any reader on this thread marked read
     * meanwhile (present or not), so a test can hold a reader to its descriptor without the reader's
     * help. Calls nest: a key read during an inner call counts for the inner one only.
     */
    public static Set<String> keysReadDuring(Runnable action) {
        Set<String> read = new LinkedHashSet<>();
        WATCHES.get().push(read);
        try {
            action.run();
        } finally {
            WATCHES.get().pop();
        }
        return read;
    }

    /** Reading a key the descriptor neither lists nor marks not implemented is a programmer error. */
    private void checkDescribed(String key) {
        if (descriptor != null && !descriptor.notImplemented().contains(key)) {
            descriptor.require(key);
        }
    }

    private <T extends KeyType> T described(String key, Class<T> type) {
        if (descriptor == null) {
            throw new IllegalStateException("reading '" + key + "' by its descriptor needs a described reader");
        }
        KeyType actual = descriptor.require(key).type();
        if (!type.isInstance(actual)) {
            throw new IllegalStateException("key '" + key + "' is described as " + actual + ", not as "
                    + type.getSimpleName());
        }
        return type.cast(actual);
    }

    /**
     * {@link #finish()}, then whether this map read cleanly: true when no error was reported since
     * the reader was opened (by it, by nested readers, or by the caller about its values). Readers
     * build their typed record only when this is true, so a half-read record is never constructed.
     */
    public boolean finishCleanly() {
        finish();
        return diagnostics.errorCount() == errorsAtOpen;
    }

    /** Reports every key not read: not-implemented ones as such, others as unknown with a hint. */
    public void finish() {
        List<String> known = new ArrayList<>(consumed);
        known.addAll(notImplemented);
        known.sort(null);
        for (ConfigNode.MapNode.Entry e : map.entries()) {
            if (consumed.contains(e.key())) {
                continue;
            }
            ConfigPath p = path.key(e.key());
            if (notImplemented.contains(e.key())) {
                diagnostics.error(p, e.keyLine(), "not implemented in jpraxis (remove the key; it is a Praxis option "
                        + "this gateway does not support yet)");
            } else {
                diagnostics.error(p, e.keyLine(), "unknown key" + Suggestions.hint(e.key(), known));
            }
        }
    }
}
