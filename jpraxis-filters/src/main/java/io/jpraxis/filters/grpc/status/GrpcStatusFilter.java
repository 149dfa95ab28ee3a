package io.jpraxis.filters.grpc.status;

import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.GrpcContentType;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.filters.grpc.GrpcStatus;
import io.jpraxis.filters.grpc.TrailersOnly;
import java.util.Optional;

/**
 * Arms a request so the gateway's own error answers after this point (a rejection, no route, an
 * unreachable upstream, a timeout) go out as Trailers-Only gRPC statuses, which a gRPC client can
 * read, instead of JSON it cannot (see docs/reference/filters/grpc_status.md#what-it-does). It does
 * so through the request's {@link ErrorRenderer}; successful local answers stay plain HTTP.
 */
public final class GrpcStatusFilter implements HttpFilter {
    private final GrpcStatusConfig config;
    /** The renderer of every armed request when the content type does not depend on the request. */
    private final ErrorRenderer plain;

    public GrpcStatusFilter(GrpcStatusConfig config) {
        this.config = config;
        this.plain = new Renderer(TrailersOnly.GRPC, config.includeMessage());
    }

    @Override
    public String type() {
        return GrpcStatusFactory.TYPE;
    }

    @Override
    public GrpcStatusConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        String contentType = ctx.headers().get("content-type");
        boolean grpc = GrpcContentType.isGrpc(contentType);
        if (!grpc && config.detect() == GrpcStatusConfig.Detect.CONTENT_TYPE) {
            return FilterAction.CONTINUE;
        }
        boolean echo = grpc && config.contentType() == GrpcStatusConfig.ContentType.ECHO;
        ctx.extensions().put(ErrorRenderer.KEY,
                echo ? new Renderer(GrpcContentType.mediaType(contentType), config.includeMessage()) : plain);
        return FilterAction.CONTINUE;
    }

    /** Renders an error of HTTP {@code status} as the gRPC status it maps to. */
    private record Renderer(String contentType, boolean includeMessage) implements ErrorRenderer {
        @Override
        public Optional<LocalResponse> render(RequestContext ctx, int status, String reason) {
            return Optional.of(TrailersOnly.of(GrpcStatus.ofHttp(status), includeMessage ? reason : null, contentType));
        }
    }
}
