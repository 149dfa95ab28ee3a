package io.jpraxis.ai.overlay;

import static io.jpraxis.ai.candidate.HeaderText.quote;
import static io.jpraxis.ai.overlay.JsonFields.describe;
import static io.jpraxis.ai.overlay.JsonFields.optional;
import static io.jpraxis.ai.overlay.JsonFields.optionalString;
import static io.jpraxis.ai.overlay.JsonFields.optionalU32;
import static io.jpraxis.ai.overlay.JsonFields.string;
import static io.jpraxis.ai.overlay.OverlayRejection.INVALID_CANDIDATES;
import static io.jpraxis.ai.overlay.OverlayRejection.INVALID_CREDENTIAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.jpraxis.ai.candidate.AdmissionState;
import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.HeaderText;
import io.jpraxis.ai.candidate.SecretRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Overlay candidate objects to {@link Candidate}s (see
 * docs/behaviour/intelligent-route.md#candidates): unknown candidate keys are ignored for forward
 * compatibility, but a credential or its secret reference with an unknown key is refused, so no
 * token material can ride along in one.
 */
final class OverlayCandidates {
    private static final Set<String> CREDENTIAL_KEYS = Set.of("strategy", "secretRef", "secret_ref", "header");
    private static final Set<String> SECRET_KEYS = Set.of("name", "namespace", "key");

    private OverlayCandidates() {
    }

    static List<Candidate> convert(JsonNode candidates, String prefix) {
        List<Candidate> result = new ArrayList<>(candidates.size());
        for (int i = 0; i < candidates.size(); i++) {
            result.add(candidate(candidates.get(i), prefix + "candidates[" + i + "]"));
        }
        return result;
    }

    private static Candidate candidate(JsonNode node, String at) {
        if (!node.isObject()) {
            throw new OverlayProblem(INVALID_CANDIDATES, at + ": " + describe(node) + " (expected: an object)");
        }
        String kindText = string(node, "kind", at + ".kind", INVALID_CANDIDATES);
        CandidateKind kind = CandidateKind.fromWire(kindText).orElseThrow(() -> new OverlayProblem(INVALID_CANDIDATES,
                at + ".kind: " + quote(kindText) + " (expected: inference_model | mcp_tool)"));
        String name = string(node, "name", at + ".name", INVALID_CANDIDATES);
        String site = string(node, "site", at + ".site", INVALID_CANDIDATES);
        String cluster = string(node, "cluster", at + ".cluster", INVALID_CANDIDATES);
        JsonNode fresh = optional(node, "fresh");
        if (fresh != null && !fresh.isBoolean()) {
            throw new OverlayProblem(INVALID_CANDIDATES, at + ".fresh: " + describe(fresh) + " (expected: true | false)");
        }
        JsonNode credential = optional(node, "credential");
        String admissionText = optionalString(node, "admission_state", at + ".admission_state", INVALID_CANDIDATES);
        AdmissionState admission = admissionText == null ? AdmissionState.NEW_AND_EXISTING
                : AdmissionState.fromWire(admissionText).orElseThrow(() -> new OverlayProblem(INVALID_CANDIDATES,
                        at + ".admission_state: " + quote(admissionText) + " (expected: new_and_existing | existing_only | none)"));
        Long group = optionalU32(node, "selection_group", at + ".selection_group", INVALID_CANDIDATES);
        if (group != null && group > Integer.MAX_VALUE) {
            // groups run 0, 1, 2... from the start of a list of at most 1024, so this is never a valid number
            throw new OverlayProblem(INVALID_CANDIDATES, at + ".selection_group: " + group + " (expected: 0..1023)");
        }
        return new Candidate(kind, name, site, cluster, fresh == null || fresh.booleanValue(),
                credential == null ? null : credential(credential, at + ".credential"), admission,
                optionalU32(node, "rank", at + ".rank", INVALID_CANDIDATES),
                optionalString(node, "selection_tier", at + ".selection_tier", INVALID_CANDIDATES),
                optionalString(node, "stable_id", at + ".stable_id", INVALID_CANDIDATES),
                group == null ? null : group.intValue(),
                optionalU32(node, "traffic_weight", at + ".traffic_weight", INVALID_CANDIDATES));
    }

    /**
     * bearer_token or apikey; a header with the one, required with the other (see
     * docs/behaviour/routing-headers.md#credential-references).
     */
    private static CredentialRef credential(JsonNode node, String at) {
        if (!node.isObject()) {
            throw new OverlayProblem(INVALID_CREDENTIAL, at + ": " + describe(node) + " (expected: an object)");
        }
        onlyKnownKeys(node, CREDENTIAL_KEYS, at, "strategy, secretRef (or secret_ref), header");
        String strategyText = string(node, "strategy", at + ".strategy", INVALID_CREDENTIAL);
        CredentialStrategy strategy = CredentialStrategy.fromWire(strategyText).orElseThrow(() -> new OverlayProblem(
                OverlayRejection.UNSUPPORTED_CREDENTIAL_STRATEGY,
                at + ".strategy: " + quote(strategyText) + " (expected: bearer_token | apikey)"));
        String header = optionalString(node, "header", at + ".header", INVALID_CREDENTIAL);
        if (strategy == CredentialStrategy.BEARER_TOKEN && header != null) {
            throw new OverlayProblem(OverlayRejection.INVALID_CREDENTIAL_COMBINATION, at + ".header: " + quote(header)
                    + " (expected: no header with strategy bearer_token, which always sets authorization)");
        }
        if (strategy == CredentialStrategy.APIKEY && header == null) {
            throw new OverlayProblem(OverlayRejection.INVALID_CREDENTIAL_COMBINATION,
                    at + ".header: missing (expected: the header name the key goes in, with strategy apikey)");
        }
        if (header != null && !HeaderText.isHeaderName(header)) {
            throw new OverlayProblem(INVALID_CREDENTIAL,
                    at + ".header: " + quote(header) + " (expected: a header name of RFC 9110 token characters)");
        }
        return new CredentialRef(strategy, header == null ? null : header.toLowerCase(Locale.ROOT), secretRef(node, at));
    }

    private static SecretRef secretRef(JsonNode credential, String at) {
        JsonNode camel = optional(credential, "secretRef");
        JsonNode snake = optional(credential, "secret_ref");
        if (camel != null && snake != null) {
            throw new OverlayProblem(INVALID_CREDENTIAL, at + ": secretRef and secret_ref (expected: one of them)");
        }
        JsonNode ref = camel != null ? camel : snake;
        String path = at + (camel != null ? ".secretRef" : ".secret_ref");
        if (ref == null) {
            throw new OverlayProblem(INVALID_CREDENTIAL, at + ".secretRef: missing (expected: name, namespace and key)");
        }
        if (!ref.isObject()) {
            throw new OverlayProblem(INVALID_CREDENTIAL, path + ": " + describe(ref) + " (expected: an object)");
        }
        onlyKnownKeys(ref, SECRET_KEYS, path, "name, namespace, key");
        return new SecretRef(string(ref, "name", path + ".name", INVALID_CREDENTIAL),
                string(ref, "namespace", path + ".namespace", INVALID_CREDENTIAL),
                string(ref, "key", path + ".key", INVALID_CREDENTIAL));
    }

    private static void onlyKnownKeys(JsonNode node, Set<String> known, String at, String expected) {
        for (String key : (Iterable<String>) node::fieldNames) {
            if (!known.contains(key)) {
                throw new OverlayProblem(INVALID_CREDENTIAL, at + "." + key + ": unknown key (expected: " + expected + ")");
            }
        }
    }
}
