package io.jpraxis.filters.support.regex;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * An upper bound on the size a pattern compiles to, in instruction units. Every literal costs one
 * unit, every class (a bracket class, {@code .}, {@code \d}, {@code \p{..}}) {@value #CLASS_UNITS};
 * a group costs the sum of its parts (alternatives summed, not maxed); a counted repetition
 * multiplies its atom by its largest count ({@code {n,}} by n + 1). Sums overestimate, so the
 * estimate never undercounts the program a repetition unrolls into.
 */
final class CompiledSizeEstimate {
    /** Units charged for one class, which compiles to several ranges. */
    static final long CLASS_UNITS = 8;
    /** Saturation bound, far past any limit, so products cannot overflow. */
    private static final long CAP = 1L << 40;

    private CompiledSizeEstimate() {
    }

    /** The estimated units of a pattern RE2/J has already accepted. */
    static long units(String p) {
        Deque<long[]> frames = new ArrayDeque<>(); // {total, last atom}
        frames.push(new long[] {0, 0});
        int i = 0;
        while (i < p.length()) {
            char c = p.charAt(i);
            long[] f = frames.peek();
            switch (c) {
                case '\\' -> {
                    boolean cls = i + 1 < p.length() && "dDwWsSpP".indexOf(p.charAt(i + 1)) >= 0;
                    int end = escapeEnd(p, i);
                    boolean quoted = i + 1 < p.length() && p.charAt(i + 1) == 'Q';
                    atom(f, cls ? CLASS_UNITS : quoted ? Math.max(end - i - 4, 1) : 1);
                    i = end;
                    continue;
                }
                case '[' -> {
                    i = classEnd(p, i);
                    atom(f, CLASS_UNITS);
                    continue;
                }
                case '(' -> {
                    frames.push(new long[] {0, 0});
                    i++;
                    if (i < p.length() && p.charAt(i) == '?') {
                        while (i < p.length() && p.charAt(i) != ':' && p.charAt(i) != ')' && p.charAt(i) != '>') {
                            i++;
                        }
                        if (i < p.length() && p.charAt(i) == ')') {
                            frames.pop(); // a bare flag group such as (?i)
                        }
                        i++;
                    }
                    continue;
                }
                case ')' -> {
                    long group = frames.size() > 1 ? frames.pop()[0] : 0;
                    atom(frames.peek(), Math.max(group, 1));
                }
                case '{' -> {
                    int end = countedEnd(p, i);
                    if (end > 0) {
                        repeat(f, maxCount(p.substring(i + 1, end)));
                        i = end + 1;
                        continue;
                    }
                    atom(f, 1);
                }
                case '*', '+', '?' -> f[0] = add(f[0], 1);
                case '|', '^', '$' -> f[1] = 0;
                case '.' -> atom(f, CLASS_UNITS);
                default -> atom(f, 1);
            }
            i++;
        }
        while (frames.size() > 1) {
            long group = frames.pop()[0];
            atom(frames.peek(), group);
        }
        return frames.peek()[0];
    }

    private static void atom(long[] f, long units) {
        f[0] = add(f[0], units);
        f[1] = units;
    }

    private static void repeat(long[] f, long count) {
        long extra = mul(f[1], Math.max(count, 1) - 1);
        f[0] = add(f[0], extra);
        f[1] = mul(f[1], Math.max(count, 1));
    }

    private static long add(long a, long b) {
        return Math.min(CAP, a + b);
    }

    private static long mul(long a, long b) {
        return a != 0 && b > CAP / a ? CAP : Math.min(CAP, a * b);
    }

    /** The index of the closing brace of a counted repetition at {@code i}, or -1. */
    private static int countedEnd(String p, int i) {
        int end = p.indexOf('}', i);
        return end > i + 1 && p.substring(i + 1, end).matches("[0-9]+(,[0-9]*)?") ? end : -1;
    }

    private static long maxCount(String body) {
        int comma = body.indexOf(',');
        if (comma < 0) {
            return parse(body);
        }
        String hi = body.substring(comma + 1);
        return hi.isEmpty() ? add(parse(body.substring(0, comma)), 1) : parse(hi);
    }

    private static long parse(String digits) {
        return digits.length() > 12 ? CAP : Math.min(CAP, Long.parseLong(digits));
    }

    /** The index past an escape starting at {@code i} (a backslash). */
    private static int escapeEnd(String p, int i) {
        int j = i + 1;
        if (j >= p.length()) {
            return j;
        }
        char e = p.charAt(j);
        if ((e == 'p' || e == 'P' || e == 'x') && j + 1 < p.length() && p.charAt(j + 1) == '{') {
            int close = p.indexOf('}', j);
            return close < 0 ? p.length() : close + 1;
        }
        if (e == 'Q') {
            int close = p.indexOf("\\E", j);
            return close < 0 ? p.length() : close + 2;
        }
        return j + 1;
    }

    /** The index past a bracket class starting at {@code i}. */
    private static int classEnd(String p, int i) {
        int j = i + 1;
        if (j < p.length() && p.charAt(j) == '^') {
            j++;
        }
        if (j < p.length() && p.charAt(j) == ']') {
            j++;
        }
        while (j < p.length() && p.charAt(j) != ']') {
            if (p.charAt(j) == '\\') {
                j++;
            } else if (p.startsWith("[:", j)) {
                int close = p.indexOf(":]", j + 2);
                j = close < 0 ? j : close + 1;
            }
            j++;
        }
        return Math.min(j + 1, p.length());
    }
}
