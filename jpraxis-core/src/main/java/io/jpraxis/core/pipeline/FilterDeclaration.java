package io.jpraxis.core.pipeline;

import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.filter.TagMatcher;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the build needs to know about one filter entry, computed by its factory from the
 * valid config record ({@link FilterFactory#declare}) before any filter exists, so {@code validate}
 * runs every pipeline check without creating filters. Most filters declare little: start from
 * {@link #NONE} and add what applies.
 *
 * <pre>{@code
 * FilterDeclaration.NONE
 *         .withRequestBody(BodyAccess.READ_ONLY, BodyMode.buffer(config.maxBodyBytes()))
 *         .withOwnedRequestHeaders(Set.of("x-model"));
 * }</pre>
 *
 * @param traits what the filter does to routing (sets the cluster, picks endpoints, answers
 *     requests itself...); the ordering checks reason on them
 * @param requestBody whether {@link HttpFilter#onRequestBody} wants the request body and how it is
 *     delivered; a {@link BodyMode.StreamBuffer} makes the gateway read the whole body before the
 *     request phase, so the hook can influence routing
 * @param responseBody whether {@link HttpFilter#onResponseBody} wants the response body and how
 * @param ownedRequestHeaders request headers only this filter may set, lower case; the gateway
 *     strips client copies at ingress whether or not the filter runs
 * @param responseHook whether {@link HttpFilter#onResponse} may do anything for this entry; true
 *     for a filter that overrides it (false lets the edge forward a response head without building
 *     the view filters would see)
 * @param logHook whether the filter overrides {@link HttpFilter#onLog}; only those are called at
 *     the end of an exchange
 * @param clusters the clusters it declares, selects or serves ({@link Clusters#NONE} for most filters)
 * @param boundUpstream its work at the bound-upstream barrier ({@link BoundUpstream#NONE} for most filters)
 * @param nested the nested pipelines it owns ({@link Nested#NONE} for most filters)
 */
public record FilterDeclaration(
        Set<FilterTrait> traits,
        Body requestBody,
        Body responseBody,
        Set<String> ownedRequestHeaders,
        boolean responseHook,
        boolean logHook,
        Clusters clusters,
        BoundUpstream boundUpstream,
        Nested nested) {

    /** A filter with request and response hooks only: no body, no owned header, no trait. */
    public static final FilterDeclaration NONE = new FilterDeclaration(Set.of(), Body.NONE, Body.NONE, Set.of(), false,
            false, Clusters.NONE, BoundUpstream.NONE, Nested.NONE);

    public FilterDeclaration {
        // An EnumSet: the executor asks traits().contains(ROUTER) after every filter that continues.
        traits = Collections.unmodifiableSet(
                traits.isEmpty() ? EnumSet.noneOf(FilterTrait.class) : EnumSet.copyOf(traits));
        ownedRequestHeaders = Set.copyOf(ownedRequestHeaders);
    }

    public FilterDeclaration withTraits(Set<FilterTrait> value) {
        return new FilterDeclaration(value, requestBody, responseBody, ownedRequestHeaders, responseHook, logHook,
                clusters, boundUpstream, nested);
    }

    public FilterDeclaration withRequestBody(BodyAccess access, BodyMode mode) {
        return new FilterDeclaration(traits, new Body(access, mode), responseBody, ownedRequestHeaders, responseHook,
                logHook, clusters, boundUpstream, nested);
    }

    public FilterDeclaration withResponseBody(BodyAccess access, BodyMode mode) {
        return new FilterDeclaration(traits, requestBody, new Body(access, mode), ownedRequestHeaders, responseHook,
                logHook, clusters, boundUpstream, nested);
    }

    public FilterDeclaration withOwnedRequestHeaders(Set<String> value) {
        return new FilterDeclaration(traits, requestBody, responseBody, value, responseHook, logHook, clusters,
                boundUpstream, nested);
    }

    /** Says the filter overrides {@link HttpFilter#onResponse} and, for this entry, it may act. */
    public FilterDeclaration withResponseHook(boolean value) {
        return new FilterDeclaration(traits, requestBody, responseBody, ownedRequestHeaders, value, logHook, clusters,
                boundUpstream, nested);
    }

    /** Says the filter overrides {@link HttpFilter#onLog}. */
    public FilterDeclaration withLogHook() {
        return new FilterDeclaration(traits, requestBody, responseBody, ownedRequestHeaders, responseHook, true,
                clusters, boundUpstream, nested);
    }

    public FilterDeclaration withClusters(Clusters value) {
        return new FilterDeclaration(traits, requestBody, responseBody, ownedRequestHeaders, responseHook, logHook,
                value, boundUpstream, nested);
    }

    public FilterDeclaration withBoundUpstream(BoundUpstream value) {
        return new FilterDeclaration(traits, requestBody, responseBody, ownedRequestHeaders, responseHook, logHook,
                clusters, value, nested);
    }

    public FilterDeclaration withNested(Nested value) {
        return new FilterDeclaration(traits, requestBody, responseBody, ownedRequestHeaders, responseHook, logHook,
                clusters, boundUpstream, value);
    }

    /**
     * What a filter wants of one body.
     *
     * @param access {@code NONE}: its body hook is never called and {@code mode} does not count
     * @param mode {@link BodyMode#STREAM} piece by piece, or a bounded (or unbounded) buffer
     */
    public record Body(BodyAccess access, BodyMode mode) {
        public static final Body NONE = new Body(BodyAccess.NONE, BodyMode.STREAM);
    }

    /**
     * The clusters a filter names.
     *
     * @param declaredTags for a filter that declares clusters (a load balancer), each cluster's
     *     application metadata in config order: the source of the pipeline's cluster catalog
     * @param selectable for a {@link FilterTrait#SELECTS_CLUSTER} filter, every cluster it may set as
     *     {@code ctx.cluster}, each once, in config order; held against the load balancers' {@code served}
     * @param served for a {@link FilterTrait#SELECTS_ENDPOINT} filter, the clusters it can pick
     *     endpoints of, in config order
     * @param http2 of {@code served}, those whose connections can speak HTTP/2 to the origin
     *     ({@code http.version: h2}, or {@code auto} over TLS); the gRPC upstream check reads it
     */
    public record Clusters(Map<String, ClusterTags> declaredTags, List<String> selectable, List<String> served,
            Set<String> http2) {
        public static final Clusters NONE = new Clusters(Map.of(), List.of(), List.of());

        public Clusters {
            declaredTags = Collections.unmodifiableMap(new LinkedHashMap<>(declaredTags));
            selectable = List.copyOf(selectable);
            served = List.copyOf(served);
            http2 = Set.copyOf(http2);
        }

        /** Clusters none of which is known to speak HTTP/2 upstream. */
        public Clusters(Map<String, ClusterTags> declaredTags, List<String> selectable, List<String> served) {
            this(declaredTags, selectable, served, Set.of());
        }
    }

    /**
     * A filter's part at the bound-upstream barrier (feature {@code bound-upstream-request-body}).
     *
     * @param bodyAccess whether {@link HttpFilter#onBoundUpstreamRequestBody} wants the request body
     *     at the barrier; a participant must declare a bounded buffer as its request body mode. A
     *     filter declaring this and a request body runs its body work once: at the barrier when its
     *     gate has a {@code bound_upstream} condition, else at pre-read
     * @param barrierOnlyReason why this entry's body work only makes sense at the barrier (a
     *     {@code model_rewrite} rule matching the bound provider), or null; an entry saying so whose
     *     body work would run at pre-read is refused with this reason
     * @param tagMatchers matchers over the bound cluster's tags in the filter's own config, held to
     *     the tag values load balancers declare, as {@code bound_upstream} conditions are
     */
    public record BoundUpstream(BodyAccess bodyAccess, String barrierOnlyReason, List<TagMatcher> tagMatchers) {
        public static final BoundUpstream NONE = new BoundUpstream(BodyAccess.NONE, null, List.of());

        public BoundUpstream {
            tagMatchers = List.copyOf(tagMatchers);
        }
    }

    /**
     * The nested pipelines a filter owns, as compiled while its config was read.
     *
     * @param pipelines every one, in config order (an {@code iterative_request_router}'s steps, a
     *     callout's outbound chain), for {@code explain} and the metadata checks
     * @param bindingReaders the names of its reachable steps that read the logical binding (a bound
     *     condition, a bound load balancer), in step order; such a filter is a binding consumer, held
     *     by the binding checks to the same guarantee as a bound load balancer
     * @param bindingSteps the pipelines of those steps, same order: each must serve every cluster
     *     that can reach the filter
     */
    public record Nested(List<NestedStep> pipelines, List<String> bindingReaders, List<NestedStep> bindingSteps) {
        public static final Nested NONE = new Nested(List.of(), List.of(), List.of());

        public Nested {
            pipelines = List.copyOf(pipelines);
            bindingReaders = List.copyOf(bindingReaders);
            bindingSteps = List.copyOf(bindingSteps);
        }

        /** Nested pipelines none of which reads the binding (an outbound chain). */
        public static Nested of(List<NestedStep> pipelines) {
            return new Nested(pipelines, List.of(), List.of());
        }

        /** Steps of which {@code bindingSteps} read the binding. */
        public static Nested withBindingSteps(List<NestedStep> pipelines, List<NestedStep> bindingSteps) {
            return new Nested(pipelines, bindingSteps.stream().map(NestedStep::name).toList(), bindingSteps);
        }
    }
}
