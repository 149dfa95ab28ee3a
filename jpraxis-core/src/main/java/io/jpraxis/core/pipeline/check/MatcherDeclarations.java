package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.TagMatcher;
import io.jpraxis.core.pipeline.FilterDeclaration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The typo guard on upstream matchers (see docs/behaviour/conditions.md#upstream-matchers,
 * docs/behaviour/conditions.md#request-conditions, docs/behaviour/binding.md#bound-conditions):
 * every value of a {@code bound_upstream} or {@code selected_upstream} matcher, under {@code when}
 * or {@code unless} (or in a filter's own config: {@link TagMatcher}), must be declared by some
 * load balancer cluster of the config, and a matcher setting both fields must name a pair one
 * cluster declares. A {@code selected_upstream} value may also come from a top-level cluster (see
 * docs/behaviour/conditions.md#request-conditions); a {@code bound_upstream} one only from load
 * balancers, the catalog's only source. This is config validation: no skip flag and no {@code
 * skip_pipeline_validation} demotion. It is held to every filter the build made, wherever it stands
 * (top level, branch, iterative_request_router step, outbound chain) and whether or not the
 * pipeline around it was refused for something else, so one run lists every typo.
 */
public final class MatcherDeclarations {
    private final List<ClusterTags> loadBalancerClusters;
    private final List<ClusterTags> allClusters;
    private final Set<ConditionConfig> seen = Collections.newSetFromMap(new IdentityHashMap<>());

    private MatcherDeclarations(List<ClusterTags> loadBalancerClusters, List<ClusterTags> allClusters) {
        this.loadBalancerClusters = loadBalancerClusters;
        this.allClusters = allClusters;
    }

    /** A filter the build made from {@code entry}, with the scope its findings are reported under. */
    public record Built(FilterDeclaration declaration, FilterEntryConfig entry, FilterScope scope) {
    }

    /**
     * Checks the conditions and tag matchers of every filter in {@code built} and the conditions
     * of {@code chains}, against what the load balancers among {@code built} declare (and, for
     * {@code selected_upstream}, the top-level clusters), reporting to {@code diagnostics}.
     */
    public static void check(List<Built> built, List<FilterChainConfig> chains, List<ClusterConfig> topLevelClusters,
            Diagnostics diagnostics) {
        List<ClusterTags> lb = new ArrayList<>();
        built.forEach(b -> lb.addAll(b.declaration().clusters().declaredTags().values()));
        List<ClusterTags> all = new ArrayList<>(lb);
        for (ClusterConfig c : topLevelClusters) {
            if (c.http() != null) {
                all.add(new ClusterTags(c.http().applicationProtocol(), c.http().applicationProvider()));
            }
        }
        MatcherDeclarations guard = new MatcherDeclarations(lb, all);
        for (FilterChainConfig chain : chains) {
            guard.conditions(chain.conditions(), diagnostics.scoped(FilterScope.chain(chain.name())));
        }
        for (Built b : built) {
            Diagnostics scoped = diagnostics.scoped(b.scope());
            guard.conditions(b.entry().conditions(), scoped);
            for (TagMatcher m : b.declaration().boundUpstream().tagMatchers()) {
                matcher(m.matcher(), m.path(), m.line(), guard.loadBalancerClusters, scoped);
            }
        }
    }

    private void conditions(List<ConditionConfig> conditions, Diagnostics d) {
        for (ConditionConfig c : conditions) {
            if (!seen.add(c)) {
                continue; // a chain expanded in several places is reported once
            }
            ConfigPath at = c.source().path().key(c.kind() == ConditionConfig.Kind.WHEN ? "when" : "unless");
            matcher(c.predicate().boundUpstream(), at.key("bound_upstream"), c.source().line(), loadBalancerClusters,
                    d);
            matcher(c.predicate().selectedUpstream(), at.key("selected_upstream"), c.source().line(), allClusters, d);
        }
    }

    private static void matcher(UpstreamMatcher m, ConfigPath at, int line, List<ClusterTags> declared,
            Diagnostics d) {
        if (m == null) {
            return;
        }
        boolean protocolOk = field(m.applicationProtocol(), at.key("application_protocol"), line, declared,
                ClusterTags::applicationProtocol, d);
        boolean providerOk = field(m.applicationProvider(), at.key("application_provider"), line, declared,
                ClusterTags::applicationProvider, d);
        if (m.applicationProtocol() != null && m.applicationProvider() != null && protocolOk && providerOk
                && declared.stream().noneMatch(t -> t.satisfies(m))) {
            d.error(at, line, "application_protocol " + m.applicationProtocol() + " with application_provider "
                    + m.applicationProvider() + " (expected: a pair one load_balancer cluster declares together: "
                    + pairs(declared) + ")");
        }
    }

    private static boolean field(String value, ConfigPath at, int line, List<ClusterTags> declared,
            Function<ClusterTags, String> get, Diagnostics d) {
        if (value == null) {
            return true;
        }
        Set<String> values = new LinkedHashSet<>();
        declared.forEach(t -> {
            if (get.apply(t) != null) {
                values.add(get.apply(t));
            }
        });
        if (values.contains(value)) {
            return true;
        }
        d.error(at, line, '"' + value + "\" (expected: a value some load_balancer cluster declares: "
                + (values.isEmpty() ? "(none declared)" : String.join(", ", values)) + ")");
        return false;
    }

    private static String pairs(List<ClusterTags> declared) {
        Set<String> out = new LinkedHashSet<>();
        for (ClusterTags t : declared) {
            if (t.applicationProtocol() != null && t.applicationProvider() != null) {
                out.add(t.applicationProtocol() + "/" + t.applicationProvider());
            }
        }
        return out.isEmpty() ? "(none)" : String.join(", ", out);
    }
}
