package io.jpraxis.filters.transform.compression;

import java.util.List;
import java.util.Optional;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;

/** Builds {@code compression} entries (see docs/reference/filters/compression.md). */
public final class CompressionFactory implements FilterFactory<CompressionConfig> {
    /** The YAML type name. */
    public static final String TYPE = "compression";
    static final int DEFAULT_LEVEL = 6;
    static final long DEFAULT_MIN_SIZE = 256;
    static final int GZIP_MAX = 9;
    static final int BROTLI_MAX = 11;
    static final int ZSTD_MAX = 22;
    static final List<String> DEFAULT_TYPES = List.of("text/", "application/json", "application/javascript",
            "application/xml", "application/wasm");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(CompressionKeys.KEYS);
    }

    @Override
    public Optional<CompressionConfig> read(MapReader options, FilterReadContext context) {
        int level = options.integer("level").map(Long::intValue).orElse(DEFAULT_LEVEL);
        int gzip = algorithm(options, "gzip", CompressionKeys.GZIP, level, GZIP_MAX);
        int brotli = algorithm(options, "brotli", CompressionKeys.BROTLI, level, BROTLI_MAX);
        int zstd = algorithm(options, "zstd", CompressionKeys.ZSTD, level, ZSTD_MAX);
        long minSize = options.integer("min_size_bytes").orElse(DEFAULT_MIN_SIZE);
        List<String> types = options.strings("content_types").orElse(DEFAULT_TYPES);
        if (options.has("content_types") && types.isEmpty()) {
            options.invalid("content_types", "a non-empty list of content types");
        }
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        if (gzip == 0 && brotli == 0 && zstd == 0) {
            options.error("level", "every algorithm is disabled (gzip, brotli and zstd); enable at least one");
            return Optional.empty();
        }
        return Optional.of(new CompressionConfig(gzip, brotli, zstd, minSize, types));
    }

    /** The effective level: 0 when disabled; else its own level or the shared one clamped to {@code max}. */
    private static int algorithm(MapReader options, String key, ObjectDescriptor descriptor, int level, int max) {
        Optional<MapReader> settings = options.map(key, descriptor);
        if (settings.isEmpty()) {
            return Math.min(level, max);
        }
        MapReader reader = settings.get();
        boolean enabled = reader.bool("enabled", true);
        Optional<Long> own = reader.integer("level");
        reader.finish();
        if (!enabled) {
            return 0;
        }
        return own.map(Long::intValue).orElse(Math.min(level, max));
    }

    @Override
    public FilterDeclaration declare(CompressionConfig config) {
        return FilterDeclaration.NONE;
    }

    @Override
    public HttpFilter create(CompressionConfig config, FilterBuildContext context) {
        return new CompressionFilter(config);
    }
}
