package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.AdmissionState;
import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.candidate.CredentialRefReader;
import io.jpraxis.ai.candidate.HeaderText;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the static {@code candidates} list (see docs/behaviour/intelligent-route.md#candidates,
 * docs/behaviour/routing-headers.md#credential-references): each entry's own fields, strictly. What
 * spans entries (duplicates, stable ids) is the snapshot's to check.
 */
final class StaticCandidateReader {
    /** Most candidates one list may hold. */
    static final int MAX_CANDIDATES = 1024;
    private static final long MAX_WEIGHT = 0xFFFF_FFFFL; // Praxis's u32
    private static final CredentialRefReader CREDENTIALS = CredentialRefReader.anyStrategy();
    static final String STATIC_WEIGHT = "no traffic_weight on static candidates, which are picked in list order; "
            + "weighted picks need an overlay_file whose selection_policy.mode is weightedRandom, with "
            + "selection_group and traffic_weight on its candidates";

    private StaticCandidateReader() {
    }

    /**
     * Every candidate, or empty when any entry (or the list) was refused.
     *
     * @param routeHeader when set, every cluster must be a legal header value (see
     * docs/behaviour/routing-headers.md#the-route-header)
     */
    static Optional<List<Candidate>> read(MapReader options, String routeHeader) {
        List<ConfigNode> items = options.list("candidates").orElse(null);
        if (items == null) {
            return Optional.empty();
        }
        if (items.isEmpty() || items.size() > MAX_CANDIDATES) {
            options.diagnostics().invalid(options.path("candidates"), options.line("candidates"),
                    items.size() + " candidates", "1 to " + MAX_CANDIDATES + " candidates");
            return Optional.empty();
        }
        List<Candidate> out = new ArrayList<>(items.size());
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            Optional<Candidate> c = candidate(MapReader.of(items.get(i), options.path("candidates").index(i),
                    options.diagnostics()), routeHeader);
            c.ifPresent(out::add);
            ok &= c.isPresent();
        }
        return ok ? Optional.of(out) : Optional.empty();
    }

    private static Optional<Candidate> candidate(MapReader r, String routeHeader) {
        r.notImplemented("provider", "labels"); // load-signal key (line b) and claim labels (line c)
        CandidateKind kind = kind(r);
        String name = ConfigStrings.requiredIdentifier(r, "name");
        String site = ConfigStrings.requiredIdentifier(r, "site");
        String cluster = ConfigStrings.requiredIdentifier(r, "cluster");
        if (cluster != null && routeHeader != null && !HeaderText.isRouteHeaderValue(cluster)) {
            r.diagnostics().invalid(r.path("cluster"), r.line("cluster"), HeaderListReader.quote(cluster),
                    ConfigStrings.HEADER_VALUE);
        }
        boolean fresh = r.bool("fresh", true);
        if (r.integer("traffic_weight", 0, MAX_WEIGHT).isPresent()) {
            // Praxis refuses it too: static candidates form no groups, so their policy is always deterministic.
            r.invalid("traffic_weight", STATIC_WEIGHT);
        }
        CredentialRef credential = r.map("credential").map(CREDENTIALS::read).orElse(null);
        if (!r.finishCleanly()) {
            return Optional.empty();
        }
        // The stable id is left to the snapshot, which derives the default one (see
        // docs/behaviour/intelligent-route.md#candidates).
        return Optional.of(new Candidate(kind, name, site, cluster, fresh, credential,
                AdmissionState.NEW_AND_EXISTING, null, null, null, null, null));
    }

    private static CandidateKind kind(MapReader r) {
        String text = r.requiredString("kind");
        if (text == null) {
            return null;
        }
        Optional<CandidateKind> kind = CandidateKind.fromWire(text);
        if (kind.isEmpty()) {
            r.diagnostics().invalid(r.path("kind"), r.line("kind"), HeaderListReader.quote(text),
                    "inference_model | mcp_tool");
        }
        return kind.orElse(null);
    }
}
