package io.jpraxis.core.binding;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * The request body as the bound-upstream barrier rewrote it (see
 * docs/behaviour/binding.md#the-bound-body-barrier), kept in the request's extensions: the
 * canonical body that direct dispatch, the iterative request router and retries send instead of
 * what the client sent. Absent unless a read-write participant replaced the body.
 */
public final class BoundRequestBody {
    private static final Extensions.Key<ByteBuffer> KEY = new Extensions.Key<>("bound-upstream-request-body",
            ByteBuffer.class);

    private BoundRequestBody() {
    }

    /** Records {@code body} (read-only, never changed afterwards) as the request's rewritten body. */
    public static void set(RequestContext ctx, ByteBuffer body) {
        ctx.extensions().put(KEY, body.asReadOnlyBuffer());
    }

    /** A fresh view of the rewritten body, or empty when the barrier changed nothing. */
    public static Optional<ByteBuffer> rewritten(RequestContext ctx) {
        return ctx.extensions().get(KEY).map(ByteBuffer::duplicate);
    }

    /** A copy of the rewritten body's bytes, or empty when the barrier changed nothing. */
    public static Optional<byte[]> rewrittenBytes(RequestContext ctx) {
        return rewritten(ctx).map(b -> {
            byte[] out = new byte[b.remaining()];
            b.get(out);
            return out;
        });
    }
}
