package io.jpraxis.config.read;

import java.util.Collection;

/** "Did you mean" hints for misspelled keys (edit distance at most 2). */
public final class Suggestions {
    private Suggestions() {
    }

    /** {@code " (did you mean 'x'?)"} or an empty string. */
    public static String hint(String unknown, Collection<String> known) {
        String best = null;
        int bestDistance = 3;
        for (String candidate : known) {
            int distance = distance(unknown, candidate);
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best == null ? "" : " (did you mean '" + best + "'?)";
    }

    /**
     * Levenshtein distance, exact when the lengths differ by at most two; otherwise the length
     * difference, a lower bound that already rules out a "did you mean" (every caller allows at
     * most two edits), so such pairs are not compared character by character.
     */
    public static int distance(String a, String b) {
        int lengthGap = Math.abs(a.length() - b.length());
        if (lengthGap > 2) {
            return lengthGap; // a lower bound, and already too far for a suggestion
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
