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
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bound-upstream body participant for tests ({@code test_bound_body}): a bounded StreamBuffer,
 * {@code access} {@code read_only} (default) or {@code read_write}, and {@code write: TEXT} to put
 * TEXT in the body's place (a read-only one tries and fails). Every barrier call, of every filter
 * this factory built, is counted in {@link #calls()}.
 */
final class BoundBodyProbeFactory implements OneStepFactory {
    static final String TYPE = "test_bound_body";

    private final AtomicInteger calls = new AtomicInteger();

    /** Barrier calls so far. */
    int calls() {
        return calls.get();
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        BodyAccess access = options.string("access").orElse("read_only").equals("read_write")
                ? BodyAccess.READ_WRITE : BodyAccess.READ_ONLY;
        String write = options.string("write").orElse(null);
        options.finish();
        return Optional.of(new DeclaredHttpFilter() {
            @Override
            public FilterDeclaration declaration() {
                return Declares.hooks(this, FilterDeclaration.NONE).withRequestBody(BodyAccess.NONE, BodyMode.buffer(1024 * 1024)).withBoundUpstream(new FilterDeclaration.BoundUpstream(access, null, List.of()));
            }

            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return Map.of("access", access.name());
            }
            @Override
            public FilterAction onBoundUpstreamRequestBody(RequestContext ctx, BodyChunk body) {
                calls.incrementAndGet();
                if (write != null) {
                    body.replace(ByteBuffer.wrap(write.getBytes(StandardCharsets.UTF_8)));
                }
                return FilterAction.CONTINUE;
            }
        });
    }
}
