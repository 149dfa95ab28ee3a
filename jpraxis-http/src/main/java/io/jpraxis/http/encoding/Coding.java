package io.jpraxis.http.encoding;

/**
 * A content coding the edge can apply. The declaration order is the preference order on ties
 * (equal q-values): zstd, then brotli, then gzip, smallest output per CPU first.
 */
public enum Coding {
    ZSTD("zstd", 22),
    BROTLI("br", 11),
    GZIP("gzip", 9);

    private final String token;
    private final int maxLevel;

    Coding(String token, int maxLevel) {
        this.token = token;
        this.maxLevel = maxLevel;
    }

    /** The {@code Content-Encoding} token. */
    public String token() {
        return token;
    }

    /** The highest level the codec accepts. */
    public int maxLevel() {
        return maxLevel;
    }

    /** The level clamped to this codec's range (a level above the maximum becomes the maximum). */
    public int clamp(int level) {
        return Math.max(1, Math.min(level, maxLevel));
    }
}
