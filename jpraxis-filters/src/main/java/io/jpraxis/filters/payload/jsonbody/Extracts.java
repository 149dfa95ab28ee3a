package io.jpraxis.filters.payload.jsonbody;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.Destination;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.Extract;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Kind;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Leaf;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the extracts of one direction: the last value each pointer matches goes to its destination.
 * Strings are stored decoded, anything else as compact JSON; flat metadata and headers take at
 * most {@link #MAX_FLAT_BYTES} bytes, and a header no control or non-ASCII character.
 */
final class Extracts {
    /** The most bytes a value stored in flat metadata or a header may have. */
    static final int MAX_FLAT_BYTES = 256;
    private static final Logger log = LoggerFactory.getLogger(Extracts.class);

    private Extracts() {
    }

    static void run(RequestContext ctx, JsonDoc root, List<Extract> extracts) {
        for (Extract e : extracts) {
            List<JsonDoc> matches = PointerWalk.find(root, e.pointer().tokens());
            if (!matches.isEmpty()) {
                store(ctx, e, matches.getLast());
            }
        }
    }

    private static void store(RequestContext ctx, Extract e, JsonDoc value) {
        switch (e.destination()) {
            case Destination.Structured s -> {
                if (!StructuredMetadata.of(ctx).put(s.namespace(), s.key(), value)) {
                    log.warn("request {}: json_body: structured metadata is full; {} not stored", ctx.requestId(),
                            e.pointer());
                }
            }
            case Destination.Metadata m -> flat(value).ifPresent(text -> {
                if (!ctx.metadata().put(m.key(), text)) {
                    log.warn("request {}: json_body: metadata is full; {} not stored", ctx.requestId(), m.key());
                }
            });
            case Destination.Header h -> flat(value).filter(Extracts::headerSafe)
                    .ifPresentOrElse(text -> ctx.headers().set(h.name(), text),
                            () -> log.debug("request {}: json_body: {} not set as {}", ctx.requestId(), e.pointer(),
                                    h.name()));
        }
    }

    /** The text a flat destination stores, or empty when it is longer than {@link #MAX_FLAT_BYTES}. */
    private static java.util.Optional<String> flat(JsonDoc value) {
        String text = value instanceof Leaf leaf && leaf.kind() == Kind.STRING ? leaf.text() : JsonDocCodec.text(value);
        return text.getBytes(StandardCharsets.UTF_8).length <= MAX_FLAT_BYTES ? java.util.Optional.of(text)
                : java.util.Optional.empty();
    }

    /** Visible ASCII, space and tab: a body's value may not inject header lines or need re-encoding. */
    static boolean headerSafe(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < 0x20 || c > 0x7e)) {
                return false;
            }
        }
        return true;
    }
}
