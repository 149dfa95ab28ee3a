package io.jpraxis.config.dump;

import io.jpraxis.config.load.ConditionReader;
import io.jpraxis.config.model.BranchChainConfig;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.model.RejoinConfig;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.config.model.ResponseConditionConfig;
import io.jpraxis.config.model.ResultMatch;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.config.read.Scalars;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Filter chains and entries as ordered maps. An entry's own config is what
 * {@code effectiveConfig} returns for it (already plain maps), passed through {@code redaction}.
 */
final class FilterDumpTree {
    private final Function<FilterEntryConfig, Object> effectiveConfig;
    private final UnaryOperator<Object> redaction;

    /**
     * {@code effectiveConfig} must return plain values (maps, lists, scalars); {@code redaction}
     * hides secrets in them and in branch chains (identity for a raw dump).
     */
    FilterDumpTree(Function<FilterEntryConfig, Object> effectiveConfig, UnaryOperator<Object> redaction) {
        this.effectiveConfig = effectiveConfig;
        this.redaction = redaction;
    }

    Map<String, Object> chain(FilterChainConfig c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", c.name());
        DumpTree.putIfSet(out, "conditions", conditions(c.conditions()));
        out.put("filters", c.filters().stream().map(this::entry).toList());
        return out;
    }

    Map<String, Object> entry(FilterEntryConfig e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("filter", e.filterType());
        DumpTree.putIfSet(out, "name", e.name());
        if (redaction.apply(effectiveConfig.apply(e)) instanceof Map<?, ?> options) {
            options.forEach((k, v) -> {
                String key = String.valueOf(k);
                boolean reserved = FilterEntryConfig.RESERVED_KEYS.contains(key)
                        && !(key.equals("conditions") && e.conditions().isEmpty());
                if (!reserved) {
                    out.put(key, v);
                }
            });
        }
        DumpTree.putIfSet(out, "conditions", conditions(e.conditions()));
        DumpTree.putIfSet(out, "response_conditions", e.responseConditions().stream()
                .map(FilterDumpTree::responseCondition).toList());
        out.put("failure_mode", Scalars.yamlName(e.failureMode()));
        DumpTree.putIfSet(out, "branch_chains", e.branchChains().stream().map(this::branch).toList());
        if (e.outboundChain() != null) {
            out.put("outbound_chain", chainRef(e.outboundChain()));
        }
        return out;
    }

    /** A chain reference: the bare name, or the inline chain with its entries dumped like any entry. */
    private Object chainRef(ChainRef ref) {
        return switch (ref) {
            case ChainRef.Named named -> named.chain();
            case ChainRef.Inline inline -> {
                Map<String, Object> chain = new LinkedHashMap<>();
                chain.put("name", inline.name());
                chain.put("filters", inline.filters().stream().map(this::entry).toList());
                yield chain;
            }
        };
    }

    /** A branch with its defaults written out; inline chains' entries are dumped like any entry. */
    private Map<String, Object> branch(BranchChainConfig b) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", b.name());
        out.put("chains", b.chains().stream().map(this::chainRef).toList());
        if (b.onResult() != null) {
            Map<String, Object> onResult = new LinkedHashMap<>();
            onResult.put("filter", b.onResult().filter());
            onResult.put("key", b.onResult().key());
            onResult.put("result", result(b.onResult().result()));
            out.put("on_result", onResult);
        }
        out.put("rejoin", switch (b.rejoin()) {
            case RejoinConfig.Next n -> "next";
            case RejoinConfig.Terminal t -> "terminal";
            case RejoinConfig.Target t -> t.entryName();
        });
        DumpTree.putIfSet(out, "max_iterations", b.maxIterations());
        return out;
    }

    private static Object result(ResultMatch match) {
        return switch (match) {
            case ResultMatch.Exact e -> e.value();
            case ResultMatch.Contains c -> Map.of("contains", c.value());
            case ResultMatch.Not n -> Map.of("not", n.value());
            case ResultMatch.AnyOf a -> Map.of("any_of", a.values());
        };
    }

    static List<Map<String, Object>> conditions(List<ConditionConfig> conditions) {
        return conditions.stream().map(FilterDumpTree::condition).toList();
    }

    static Map<String, Object> condition(ConditionConfig c) {
        return Map.of(ConditionReader.keyOf(c.kind()), predicate(c.predicate()));
    }

    static Map<String, Object> responseCondition(ResponseConditionConfig c) {
        Map<String, Object> p = new LinkedHashMap<>();
        DumpTree.putIfSet(p, "status", c.status());
        DumpTree.putIfSet(p, "headers", headers(c.headers()));
        DumpTree.putIfSet(p, "headers_present", c.headersPresent());
        return Map.of(ConditionReader.keyOf(c.kind()), p);
    }

    private static Map<String, Object> predicate(RequestPredicateConfig p) {
        Map<String, Object> out = new LinkedHashMap<>();
        DumpTree.putIfSet(out, "path", p.path());
        DumpTree.putIfSet(out, "path_prefix", p.pathPrefix());
        DumpTree.putIfSet(out, "methods", p.methods());
        DumpTree.putIfSet(out, "headers", headers(p.headers()));
        DumpTree.putIfSet(out, "headers_present", p.headersPresent());
        DumpTree.putIfSet(out, "grpc", p.grpc());
        DumpTree.putIfSet(out, "bound_upstream", matcher(p.boundUpstream()));
        DumpTree.putIfSet(out, "selected_upstream", matcher(p.selectedUpstream()));
        return out;
    }

    private static Map<String, Object> headers(List<HeaderValue> headers) {
        if (headers == null) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        headers.forEach(h -> out.put(h.name(), h.value()));
        return out;
    }

    private static Map<String, Object> matcher(UpstreamMatcher m) {
        if (m == null) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        DumpTree.putIfSet(out, "application_protocol", m.applicationProtocol());
        DumpTree.putIfSet(out, "application_provider", m.applicationProvider());
        return out;
    }
}
