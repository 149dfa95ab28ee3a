package io.jpraxis.it;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.DeclaredHttpFilter;
import io.jpraxis.core.pipeline.Declares;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;

/**
 * A test filter type with a body hook, for what no built-in does yet: {@code direction} (request or
 * response), {@code max_bytes} (a StreamBuffer of that bound; without it the filter streams) and
 * {@code upper: true} (READ_WRITE: each piece is upper-cased, so its length is kept but its bytes
 * change). On the request side it also sets {@code x-body-hook-pieces} to the pieces it saw.
 */
final class BodyHookFactory implements OneStepFactory {
    static final String TYPE = "test_body";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        String direction = options.requiredString("direction");
        Long maxBytes = options.integer("max_bytes", 0, Long.MAX_VALUE).orElse(null);
        boolean upper = options.bool("upper", false);
        options.finish();
        if (direction == null) {
            return Optional.empty();
        }
        boolean request = direction.equals("request");
        BodyAccess access = upper ? BodyAccess.READ_WRITE : BodyAccess.READ_ONLY;
        BodyMode mode = maxBytes == null ? BodyMode.STREAM : BodyMode.buffer(maxBytes);
        return Optional.of(new DeclaredHttpFilter() {
            @Override
            public FilterDeclaration declaration() {
                return Declares.hooks(this, FilterDeclaration.NONE).withRequestBody(request ? access : BodyAccess.NONE, mode).withResponseBody(request ? BodyAccess.NONE : access, mode);
            }

            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return Map.of("direction", direction, "upper", upper);
            }
            @Override
            public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
                String seen = ctx.headers().get("x-body-hook-pieces");
                ctx.headers().set("x-body-hook-pieces", String.valueOf(seen == null ? 1 : Integer.parseInt(seen) + 1));
                return transform(body);
            }

            @Override
            public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
                return transform(body);
            }

            private FilterAction transform(BodyChunk body) {
                if (upper) {
                    byte[] bytes = body.toByteArray();
                    for (int i = 0; i < bytes.length; i++) {
                        if (bytes[i] >= 'a' && bytes[i] <= 'z') {
                            bytes[i] -= 'a' - 'A';
                        }
                    }
                    body.replace(ByteBuffer.wrap(bytes));
                }
                return FilterAction.CONTINUE;
            }
        });
    }
}
