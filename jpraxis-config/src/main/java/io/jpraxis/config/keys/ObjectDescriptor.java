package io.jpraxis.config.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The keys of one config map, in the order its reader reads them.
 *
 * @param closed whether a key not listed is refused (an open map leaves its other keys to a later
 *     reader, as a filter entry leaves its options to the filter's factory)
 * @param notImplemented Praxis keys that are refused as "not implemented in jpraxis" rather than unknown
 * @param exactlyOne groups of keys of which exactly one must be written ({@code when} | {@code unless})
 */
public record ObjectDescriptor(String description, List<KeyDescriptor> keys, boolean closed,
        List<String> notImplemented, List<List<String>> exactlyOne) {

    public ObjectDescriptor {
        keys = List.copyOf(keys);
        notImplemented = List.copyOf(notImplemented);
        exactlyOne = exactlyOne.stream().map(List::copyOf).toList();
        List<String> seen = new ArrayList<>();
        for (KeyDescriptor k : keys) {
            if (seen.contains(k.name()) || notImplemented.contains(k.name())) {
                throw new IllegalArgumentException("key described twice: " + k.name());
            }
            seen.add(k.name());
        }
    }

    /** A closed map of {@code keys}. */
    public static ObjectDescriptor of(String description, KeyDescriptor... keys) {
        return new ObjectDescriptor(description, List.of(keys), true, List.of(), List.of());
    }

    public ObjectDescriptor withNotImplemented(String... names) {
        List<String> all = new ArrayList<>(notImplemented);
        all.addAll(List.of(names));
        return new ObjectDescriptor(description, keys, closed, all, exactlyOne);
    }

    /** Also accepts keys it does not list (they are someone else's to read). */
    public ObjectDescriptor open() {
        return new ObjectDescriptor(description, keys, false, notImplemented, exactlyOne);
    }

    public ObjectDescriptor withExactlyOne(String... names) {
        List<List<String>> all = new ArrayList<>(exactlyOne);
        all.add(List.of(names));
        return new ObjectDescriptor(description, keys, closed, notImplemented, all);
    }

    public Optional<KeyDescriptor> key(String name) {
        return keys.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /** The described key {@code name}; a key not listed is a programmer error. */
    public KeyDescriptor require(String name) {
        return key(name).orElseThrow(() -> new IllegalStateException("key '" + name
                + "' is read but not described (add it to the map's descriptor and its reference page)"));
    }

    public List<String> names() {
        return keys.stream().map(KeyDescriptor::name).toList();
    }
}
