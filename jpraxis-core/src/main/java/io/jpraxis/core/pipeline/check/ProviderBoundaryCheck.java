package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.FlowGraph.describe;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.NestedStep;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The provider boundary (see docs/behaviour/ordering-checks.md#the-provider-boundary): a filter
 * that consumes the provider-hop context ({@link FilterTrait#CONSUMES_PROVIDER_HOP}, {@code
 * provider_route}) trusts headers that cross the upstream boundary on purpose, so it may only run
 * where the peer was authenticated first. On a listener whose pipeline holds one: the listener
 * requires a client certificate; every consumer is top-level (none in a branch sub-chain or a
 * nested pipeline, at any depth); each has a {@link FilterTrait#PEER_TRUST} filter before it, the
 * nearest of which is the pipeline's first filter; and both run unconditionally and fail closed.
 *
 * <p>Unlike the ordering checks no insecure option skips it or turns its errors into warnings:
 * {@code skip_pipeline_validation} relaxes ordering advice, not the trust the hop headers rest on.
 */
public final class ProviderBoundaryCheck {
    private ProviderBoundaryCheck() {
    }

    /** Reports every boundary violation of {@code listener}'s {@code pipeline} as an error. */
    public static void run(ListenerConfig listener, CompiledPipeline pipeline, Diagnostics diagnostics) {
        List<CompiledFilter> top = pipeline.filters();
        Set<SourceRef> reported = new HashSet<>(); // a named chain used by several branches: reported once
        boolean nestedConsumer = false;
        for (CompiledFilter host : top) {
            nestedConsumer |= nestedConsumers(listener, host, diagnostics, reported);
        }
        List<Integer> consumers = IntStream.range(0, top.size())
                .filter(i -> consumes(top.get(i))).boxed().toList();
        if (consumers.isEmpty() && !nestedConsumer) {
            return;
        }
        mutualTls(listener, consumers.isEmpty() ? null : top.get(consumers.get(0)), diagnostics);
        Set<Integer> peersChecked = new HashSet<>(); // one peer_identity_trust before several: reported once
        for (int i : consumers) {
            unconditionalAndClosed(listener, top.get(i), diagnostics);
            peerTrustFirst(listener, top, i, peersChecked, diagnostics);
        }
    }

    private static boolean nestedConsumers(ListenerConfig listener, CompiledFilter host, Diagnostics diagnostics,
            Set<SourceRef> reported) {
        boolean found = false;
        for (BranchSpec b : host.branches()) {
            for (CompiledFilter f : b.filters()) {
                if (consumes(f) && reported.add(f.entry().source())) {
                    error(diagnostics, f, b.name(), "listener '" + listener.name() + "': " + describe(f)
                            + " in branch '" + b.name() + "' of chain '" + f.chain() + "' runs only when the branch "
                            + "does (expected: " + f.filter().type() + " in the top-level pipeline, never in a branch)");
                }
                found |= consumes(f);
                found |= nestedConsumers(listener, f, diagnostics, reported);
            }
        }
        for (NestedStep step : host.declaration().nested().pipelines()) {
            for (CompiledFilter f : step.pipeline().filters()) {
                if (consumes(f) && reported.add(f.entry().source())) {
                    error(diagnostics, f, null, "listener '" + listener.name() + "': " + describe(f) + " in nested "
                            + "pipeline '" + step.name() + "' of " + describe(host) + " (expected: "
                            + f.filter().type() + " in the top-level pipeline only)");
                }
                found |= consumes(f);
                found |= nestedConsumers(listener, f, diagnostics, reported);
            }
        }
        return found;
    }

    /**
     * {@code require} or {@code require_named}: both refuse a handshake without a certificate the
     * client CA issued; {@code require_named} only narrows who may connect.
     */
    private static void mutualTls(ListenerConfig listener, CompiledFilter consumer, Diagnostics diagnostics) {
        ClientCertMode mode = listener.tls() == null ? null : listener.tls().clientCertMode();
        if (mode == ClientCertMode.REQUIRE || mode == ClientCertMode.REQUIRE_NAMED) {
            return;
        }
        String has = mode == null ? "has no tls" : "has tls.client_cert_mode: " + Scalars.yamlName(mode);
        String chain = consumer == null ? "" : " (chain '" + consumer.chain() + "', " + describe(consumer) + ")";
        SourceRef at = listener.source() == null ? SourceRef.synthetic("listeners") : listener.source();
        diagnostics.add(new Diagnostic.Error(at.path(), at.line(), "listener '"
                + listener.name() + "' runs provider_route" + chain + " but " + has + ", so any client could send "
                + "provider-hop headers (expected: tls with client_cert_mode: require or require_named)",
                consumer == null ? null : scope(consumer, null)));
    }

    private static void peerTrustFirst(ListenerConfig listener, List<CompiledFilter> top, int consumer,
            Set<Integer> peersChecked, Diagnostics diagnostics) {
        CompiledFilter f = top.get(consumer);
        String where = "listener '" + listener.name() + "': " + describe(f) + " of chain '" + f.chain() + "'";
        for (int j = consumer - 1; j >= 0; j--) {
            CompiledFilter peer = top.get(j);
            if (!peer.declaration().traits().contains(FilterTrait.PEER_TRUST)) {
                continue;
            }
            if (!peersChecked.add(j)) {
                return;
            }
            if (j != 0) {
                error(diagnostics, peer, null, where + " is preceded by " + describe(peer) + " of chain '"
                        + peer.chain() + "' at position " + j + ", but the nearest peer_identity_trust before it must "
                        + "be the first filter of the listener's pipeline (expected: peer_identity_trust first)");
            } else {
                unconditionalAndClosed(listener, peer, diagnostics);
            }
            return;
        }
        error(diagnostics, f, null, where + " has no peer_identity_trust before it, so unauthenticated peers reach "
                + "it (expected: peer_identity_trust as the first filter of the listener's pipeline)");
    }

    private static void unconditionalAndClosed(ListenerConfig listener, CompiledFilter f, Diagnostics diagnostics) {
        String where = "listener '" + listener.name() + "': " + describe(f) + " of chain '" + f.chain() + "'";
        if (f.conditional()) {
            error(diagnostics, f, null, where + " has request conditions (its own or its chain's), so the provider "
                    + "boundary is skipped for some requests (expected: no when/unless on it or its chain)");
        }
        if (f.failureMode() == FailureMode.OPEN) {
            error(diagnostics, f, null, where + " has failure_mode: open, so its errors would let requests past "
                    + "the provider boundary (expected: failure_mode: closed)");
        }
    }

    private static boolean consumes(CompiledFilter f) {
        return f.declaration().traits().contains(FilterTrait.CONSUMES_PROVIDER_HOP);
    }

    private static void error(Diagnostics diagnostics, CompiledFilter f, String branch, String message) {
        diagnostics.add(new Diagnostic.Error(f.entry().source().path(), f.entry().source().line(), message,
                scope(f, branch)));
    }

    private static FilterScope scope(CompiledFilter f, String branch) {
        return new FilterScope(f.filter().type(), f.entry().name(), f.chain(), branch);
    }
}
