package io.jpraxis.filters.transform.compression;

import io.jpraxis.core.filter.HttpFilter;

/**
 * The {@code compression} entry in a chain: it does nothing per request; the edge encodes the
 * response after every response-body hook, as its {@link #config()} says.
 */
public final class CompressionFilter implements HttpFilter {
    private final CompressionConfig config;

    CompressionFilter(CompressionConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return CompressionFactory.TYPE;
    }

    /** The settings the edge's encoder applies. */
    @Override
    public CompressionConfig config() {
        return config;
    }
}
