package io.jpraxis.filters.transform.compression;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code compression} entry. */
public final class CompressionKeys {
    static ObjectDescriptor algorithm(String name, int max) {
        return ObjectDescriptor.of("Settings of " + name + ".",
                key("enabled", KeyType.bool(), "Whether " + name + " may be chosen.").withDefault(true),
                key("level", KeyType.integer(0, max), "The " + name + " level; 0 disables it; unset uses `level`."));
    }

    public static final ObjectDescriptor GZIP = algorithm("gzip", CompressionFactory.GZIP_MAX);
    public static final ObjectDescriptor BROTLI = algorithm("brotli", CompressionFactory.BROTLI_MAX);
    public static final ObjectDescriptor ZSTD = algorithm("zstd", CompressionFactory.ZSTD_MAX);

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Encodes responses with gzip, brotli or zstd, "
            + "as the client's Accept-Encoding allows.",
            key("level", KeyType.integer(0, CompressionFactory.ZSTD_MAX),
                    "The level of every algorithm without its own, clamped to the algorithm's maximum.")
                    .withDefault(CompressionFactory.DEFAULT_LEVEL),
            key("gzip", KeyType.object(GZIP), "gzip settings (level at most 9)."),
            key("brotli", KeyType.object(BROTLI), "brotli settings (level at most 11)."),
            key("zstd", KeyType.object(ZSTD), "zstd settings (level at most 22)."),
            key("min_size_bytes", KeyType.integer(0, Long.MAX_VALUE),
                    "A response whose Content-Length is below this is sent as is.")
                    .withDefault(CompressionFactory.DEFAULT_MIN_SIZE),
            key("content_types", KeyType.listOf(KeyType.text(), 1, null),
                    "Content-Type prefixes that may be encoded (an entry not ending in `/` ends at a "
                            + "non-alphanumeric character)."));

    private CompressionKeys() {
    }
}
