package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the gateway's own error answers into the envelope a filter chose for the request, if one did
 * ({@link ErrorRenderer}; see docs/behaviour/grpc.md#errors-as-grpc-statuses), on the HTTP edge
 * and in ext_proc's immediate responses alike. Errors before the pipeline began, and any answer
 * that is not one of the gateway's errors, stay as they are.
 */
public final class ErrorEnvelopes {
    private static final Logger log = LoggerFactory.getLogger(ErrorEnvelopes.class);

    /** Headers of the replaced error that describe its body, which the rendered one replaces. */
    private static final Set<String> BODY_HEADERS = Set.of("content-type", "content-length", "content-encoding");

    private ErrorEnvelopes() {
    }

    /**
     * {@code rendered} carrying the headers of the error it replaces ({@code Retry-After}, {@code
     * WWW-Authenticate}, {@code x-request-id}, ...) except those describing the old body; the
     * renderer's own headers win.
     */
    public static LocalResponse withHeadersOf(LocalResponse original, LocalResponse rendered) {
        if (rendered == original) {
            return rendered;
        }
        HeaderMap merged = rendered.headers().copy();
        original.headers().forEach((name, value) -> {
            if (!BODY_HEADERS.contains(name) && !rendered.headers().contains(name)) {
                merged.add(name, value);
            }
        });
        return new LocalResponse(rendered.status(), merged, rendered.body(), rendered.errorReason());
    }

    /** {@code response} as the request's renderer writes it, or {@code response} itself. */
    public static LocalResponse apply(PipelineExecution execution, LocalResponse response) {
        if (execution == null || response.errorReason() == null) {
            return response;
        }
        RequestContext ctx = execution.context();
        ErrorRenderer renderer = ctx.extensions().get(ErrorRenderer.KEY).orElse(null);
        if (renderer == null || renderer.alreadyRendered(response)) {
            return response;
        }
        try {
            return renderer.render(ctx, response.status(), response.errorReason())
                    .map(rendered -> withHeadersOf(response, rendered)).orElse(response);
        } catch (RuntimeException e) {
            // A renderer is filter code: its failure must not lose the answer, which goes out plain.
            log.error("error renderer failed for request {}; sending the plain error", ctx.requestId(), e);
            return response;
        }
    }
}
