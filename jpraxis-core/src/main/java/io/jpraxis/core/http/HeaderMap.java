package io.jpraxis.core.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * An ordered, case-insensitive header multimap, independent of any transport.
 *
 * <p>A list rather than a hash map: requests carry a few dozen headers, order is observable on
 * the wire, and a linear scan over short lower-cased names beats hashing at that size.
 */
public final class HeaderMap {
    private final ArrayList<String> names = new ArrayList<>(); // lower-case
    private final ArrayList<String> values = new ArrayList<>();

    public HeaderMap() {
    }

    public HeaderMap copy() {
        HeaderMap copy = new HeaderMap();
        copy.names.addAll(names);
        copy.values.addAll(values);
        return copy;
    }

    public static String normalize(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    public int size() {
        return names.size();
    }

    public boolean isEmpty() {
        return names.isEmpty();
    }

    /** First value of {@code name}, or null. */
    public String get(String name) {
        String n = normalize(name);
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equals(n)) {
                return values.get(i);
            }
        }
        return null;
    }

    public List<String> getAll(String name) {
        String n = normalize(name);
        List<String> out = new ArrayList<>(2);
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equals(n)) {
                out.add(values.get(i));
            }
        }
        return out;
    }

    public boolean contains(String name) {
        return get(name) != null;
    }

    /** Appends one line. */
    public HeaderMap add(String name, String value) {
        names.add(normalize(name));
        values.add(value);
        return this;
    }

    /** Replaces every line of {@code name} with one. */
    public HeaderMap set(String name, String value) {
        remove(name);
        return add(name, value);
    }

    /** Removes every line of {@code name}; true when any was removed. */
    public boolean remove(String name) {
        String n = normalize(name);
        boolean removed = false;
        for (int i = names.size() - 1; i >= 0; i--) {
            if (names.get(i).equals(n)) {
                names.remove(i);
                values.remove(i);
                removed = true;
            }
        }
        return removed;
    }

    /** Removes every header whose lower-case name starts with {@code prefix} (lower-case). */
    public void removeByPrefix(String prefix) {
        for (int i = names.size() - 1; i >= 0; i--) {
            if (names.get(i).startsWith(prefix)) {
                names.remove(i);
                values.remove(i);
            }
        }
    }

    /** Visits lines in order with lower-case names. */
    public void forEach(BiConsumer<String, String> visitor) {
        for (int i = 0; i < names.size(); i++) {
            visitor.accept(names.get(i), values.get(i));
        }
    }

    /** Lower-case name of line {@code i}. */
    public String nameAt(int i) {
        return names.get(i);
    }

    public String valueAt(int i) {
        return values.get(i);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < names.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(names.get(i)).append(": ").append(values.get(i));
        }
        return sb.append('}').toString();
    }
}
