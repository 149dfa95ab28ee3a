package io.jpraxis.filters.transform.compression;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.ResponseCompression;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;

/**
 * The {@code compression} entry in a chain: when it runs, it asks the edge to encode this request's
 * response; the edge does so after every response-body hook, so body filters see plain bytes (see
 * docs/reference/filters/compression.md). Its conditions therefore decide which requests qualify.
 */
public final class CompressionFilter implements HttpFilter {
    private final CompressionConfig config;
    private final ResponseCompression ask;

    CompressionFilter(CompressionConfig config) {
        this.config = config;
        this.ask = new ResponseCompression(config.gzipLevel(), config.brotliLevel(), config.zstdLevel(),
                config.minSizeBytes(), config.contentTypes());
    }

    @Override
    public String type() {
        return CompressionFactory.TYPE;
    }

    @Override
    public CompressionConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        ctx.extensions().put(ResponseCompression.KEY, ask);
        return FilterAction.CONTINUE;
    }
}
