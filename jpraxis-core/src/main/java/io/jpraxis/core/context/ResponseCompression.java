package io.jpraxis.core.context;

import java.util.List;

/**
 * A request's ask to have its response encoded, put in {@link Extensions} under {@link #KEY} by a
 * {@code compression} filter that ran; the edge applies it after every response-body hook (see
 * docs/reference/filters/compression.md). A level of 0 leaves that coding out.
 */
public record ResponseCompression(int gzipLevel, int brotliLevel, int zstdLevel, long minSizeBytes,
        List<String> contentTypes) {
    public static final Extensions.Key<ResponseCompression> KEY =
            new Extensions.Key<>("response_compression", ResponseCompression.class);

    public ResponseCompression {
        contentTypes = List.copyOf(contentTypes);
    }
}
