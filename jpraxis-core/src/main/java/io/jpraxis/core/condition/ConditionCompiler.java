package io.jpraxis.core.condition;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.config.model.ResponseConditionConfig;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.BoundUpstream;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.GrpcContentType;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Turns validated condition records into predicates once, at compile time, so the request path
 * never re-reads config strings. Items are evaluated in order and short-circuit; every field set
 * in one predicate must match.
 */
public final class ConditionCompiler {
    private ConditionCompiler() {
    }

    /** The gate for a list of request conditions; {@link RequestCondition#ALWAYS} when empty. */
    public static RequestCondition request(List<ConditionConfig> conditions) {
        if (conditions.isEmpty()) {
            return RequestCondition.ALWAYS;
        }
        List<RequestCondition> items = new ArrayList<>();
        for (ConditionConfig c : conditions) {
            Predicate<RequestContext> p = predicate(c.predicate());
            items.add(switch (c.kind()) {
                case WHEN -> p::test;
                case UNLESS -> ctx -> !p.test(ctx);
            });
        }
        RequestCondition[] array = items.toArray(RequestCondition[]::new);
        return ctx -> {
            for (RequestCondition item : array) {
                if (!item.test(ctx)) {
                    return false;
                }
            }
            return true;
        };
    }

    /** The gate for {@code response_conditions}; {@link ResponseCondition#ALWAYS} when empty. */
    public static ResponseCondition response(List<ResponseConditionConfig> conditions) {
        if (conditions.isEmpty()) {
            return ResponseCondition.ALWAYS;
        }
        List<ResponseCondition> items = new ArrayList<>();
        for (ResponseConditionConfig c : conditions) {
            ResponseCondition p = responsePredicate(c);
            items.add(switch (c.kind()) {
                case WHEN -> p;
                case UNLESS -> head -> !p.test(head);
            });
        }
        return head -> {
            for (ResponseCondition item : items) {
                if (!item.test(head)) {
                    return false;
                }
            }
            return true;
        };
    }

    private static Predicate<RequestContext> predicate(RequestPredicateConfig p) {
        List<Predicate<RequestContext>> parts = new ArrayList<>();
        if (p.path() != null) {
            String path = PathMatch.ruleForm(p.path());
            parts.add(ctx -> ctx.matchPath().equals(path));
        }
        if (p.pathPrefix() != null) {
            String prefix = PathMatch.ruleForm(p.pathPrefix());
            parts.add(ctx -> PathMatch.prefixAtBoundary(ctx.matchPath(), prefix));
        }
        if (p.methods() != null) {
            List<String> methods = p.methods().stream().map(m -> m.toUpperCase(Locale.ROOT)).toList();
            parts.add(ctx -> methods.contains(ctx.method().toUpperCase(Locale.ROOT)));
        }
        if (p.headers() != null) {
            List<HeaderValue> headers = p.headers();
            parts.add(ctx -> headersEqual(ctx.headers(), headers));
        }
        if (p.headersPresent() != null) {
            List<String> names = p.headersPresent();
            parts.add(ctx -> names.stream().allMatch(ctx.headers()::contains));
        }
        if (p.grpc() != null) {
            boolean wanted = p.grpc();
            // One classification for the condition and the gRPC filters (see
            // docs/behaviour/grpc.md#what-counts-as-grpc).
            parts.add(ctx -> GrpcContentType.isGrpc(ctx.headers().get("content-type")) == wanted);
        }
        if (p.selectedUpstream() != null) {
            UpstreamMatcher m = p.selectedUpstream();
            parts.add(ctx -> selectedMatches(ctx.upstream(), m));
        }
        if (p.boundUpstream() != null) {
            UpstreamMatcher m = p.boundUpstream();
            parts.add(ctx -> boundMatches(BindingState.current(ctx), m));
        }
        return ctx -> {
            for (Predicate<RequestContext> part : parts) {
                if (!part.test(ctx)) {
                    return false;
                }
            }
            return true;
        };
    }

    private static ResponseCondition responsePredicate(ResponseConditionConfig c) {
        List<ResponseCondition> parts = new ArrayList<>();
        if (c.status() != null) {
            List<Integer> status = c.status();
            parts.add(head -> status.contains(head.status()));
        }
        if (c.headers() != null) {
            List<HeaderValue> headers = c.headers();
            parts.add(head -> headersEqual(head.headers(), headers));
        }
        if (c.headersPresent() != null) {
            List<String> names = c.headersPresent();
            parts.add(head -> names.stream().allMatch(head.headers()::contains));
        }
        return head -> parts.stream().allMatch(part -> part.test(head));
    }

    private static boolean headersEqual(HeaderMap actual, List<HeaderValue> expected) {
        for (HeaderValue hv : expected) {
            if (!actual.getAll(hv.name()).contains(hv.value())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Against the tags the selected cluster declares; nothing selected never matches, a missing tag
     * never matches a field that is set (see docs/behaviour/conditions.md#request-conditions).
     */
    private static boolean selectedMatches(UpstreamTarget target, UpstreamMatcher m) {
        return target != null && ClusterTags.of(target.cluster().http()).satisfies(m);
    }

    /**
     * Against the request's binding; an unbound request never matches (see
     * docs/behaviour/binding.md#bound-conditions).
     */
    private static boolean boundMatches(BoundUpstream bound, UpstreamMatcher m) {
        return bound != null && bound.tags().satisfies(m);
    }
}
