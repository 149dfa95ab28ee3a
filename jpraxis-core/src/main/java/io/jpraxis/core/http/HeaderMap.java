package io.jpraxis.core.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * An ordered, case-insensitive header multimap, independent of any transport.
 *
 * <p>Two parallel arrays rather than a hash map: requests carry a few dozen headers, order is
 * observable on the wire, and a linear scan over short lower-cased names beats hashing at that
 * size. Every request builds a few of these, so removal compacts in place in one pass instead of
 * shifting the tail once per removed line.
 */
public final class HeaderMap {
    private static final int INITIAL_CAPACITY = 16;
    private static final int MIN_CAPACITY = 4;

    private String[] names; // lower-case
    private String[] values;
    private int size;

    public HeaderMap() {
        this(INITIAL_CAPACITY);
    }

    /** An empty map with room for {@code expectedLines} lines before it grows. */
    public HeaderMap(int expectedLines) {
        int capacity = Math.max(MIN_CAPACITY, expectedLines);
        names = new String[capacity];
        values = new String[capacity];
    }

    private HeaderMap(String[] names, String[] values, int size) {
        this.names = names;
        this.values = values;
        this.size = size;
    }

    public HeaderMap copy() {
        int capacity = Math.max(INITIAL_CAPACITY, size);
        return new HeaderMap(Arrays.copyOf(names, capacity), Arrays.copyOf(values, capacity), size);
    }

    /**
     * The lower-case form of a header name. Names are ASCII tokens (RFC 9110 5.1), so only A-Z
     * change; a name without them (the usual case) is returned as it is, without a copy. A name
     * outside ASCII (never valid on the wire) is lower-cased the general way.
     */
    public static String normalize(String name) {
        int n = name.length();
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                return lowerFrom(name, i);
            }
            if (c > 0x7f) {
                return name.toLowerCase(Locale.ROOT);
            }
        }
        return name;
    }

    private static String lowerFrom(String name, int first) {
        char[] chars = name.toCharArray();
        for (int i = first; i < chars.length; i++) {
            char c = chars[i];
            if (c > 0x7f) {
                return name.toLowerCase(Locale.ROOT);
            }
            if (c >= 'A' && c <= 'Z') {
                chars[i] = (char) (c + ('a' - 'A'));
            }
        }
        return new String(chars);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** First value of {@code name}, or null. */
    public String get(String name) {
        int i = indexOf(normalize(name));
        return i < 0 ? null : values[i];
    }

    public List<String> getAll(String name) {
        String n = normalize(name);
        List<String> out = new ArrayList<>(2);
        for (int i = 0; i < size; i++) {
            if (names[i].equals(n)) {
                out.add(values[i]);
            }
        }
        return out;
    }

    public boolean contains(String name) {
        return indexOf(normalize(name)) >= 0;
    }

    private int indexOf(String lowerCaseName) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(lowerCaseName)) {
                return i;
            }
        }
        return -1;
    }

    /** Appends one line. */
    public HeaderMap add(String name, String value) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = normalize(name);
        values[size] = value;
        size++;
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
        if (indexOf(n) < 0) {
            return false;
        }
        return removeIf(n::equals);
    }

    /**
     * Removes every line whose lower-case name matches, keeping the order of the rest; true when
     * any was removed.
     */
    public boolean removeIf(Predicate<String> lowerCaseName) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (!lowerCaseName.test(names[i])) {
                names[kept] = names[i];
                values[kept] = values[i];
                kept++;
            }
        }
        boolean removed = kept < size;
        Arrays.fill(names, kept, size, null);
        Arrays.fill(values, kept, size, null);
        size = kept;
        return removed;
    }

    /** Visits lines in order with lower-case names. */
    public void forEach(BiConsumer<String, String> visitor) {
        for (int i = 0; i < size; i++) {
            visitor.accept(names[i], values[i]);
        }
    }

    /** Lower-case name of line {@code i}. */
    public String nameAt(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException("header line " + i + " of " + size);
        }
        return names[i];
    }

    public String valueAt(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException("header line " + i + " of " + size);
        }
        return values[i];
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < size; i++) {
            sb.append(i == 0 ? "" : ", ").append(names[i]).append(": ").append(values[i]);
        }
        return sb.append('}').toString();
    }
}
