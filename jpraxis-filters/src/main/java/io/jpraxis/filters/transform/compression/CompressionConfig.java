package io.jpraxis.filters.transform.compression;

import java.util.List;

/**
 * A {@code compression} entry after load: each algorithm's effective level, 0 when it is disabled
 * (by {@code enabled: false} or level 0), the minimum size and the allowed content types.
 */
public record CompressionConfig(int gzipLevel, int brotliLevel, int zstdLevel, long minSizeBytes,
        List<String> contentTypes) {
    public CompressionConfig {
        contentTypes = List.copyOf(contentTypes);
    }
}
