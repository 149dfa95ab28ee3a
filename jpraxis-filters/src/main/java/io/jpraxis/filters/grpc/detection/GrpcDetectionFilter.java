package io.jpraxis.filters.grpc.detection;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.GrpcContentType;
import java.util.Optional;

/**
 * Publishes the gRPC kind of a request ({@code grpc}, {@code grpc+proto}, {@code grpc+json},
 * {@code grpc+other}) as the result {@code kind} and the metadata {@code grpc.kind}; a request that
 * is not gRPC gets neither (see docs/reference/filters/grpc_detection.md#what-it-does).
 */
public final class GrpcDetectionFilter implements HttpFilter {
    /** The metadata key later filters read. */
    public static final String METADATA_KEY = "grpc.kind";
    /** The result key {@code on_result} branches match. */
    public static final String RESULT_KEY = "kind";

    private final GrpcDetectionConfig config;

    public GrpcDetectionFilter(GrpcDetectionConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return GrpcDetectionFactory.TYPE;
    }

    @Override
    public GrpcDetectionConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        Optional<GrpcContentType> kind = GrpcContentType.of(ctx.headers().get("content-type"));
        if (kind.isPresent()) {
            String label = kind.get().label();
            ctx.metadata().put(METADATA_KEY, label);
            ctx.results().put(GrpcDetectionFactory.TYPE, RESULT_KEY, label);
        }
        return FilterAction.CONTINUE;
    }
}
