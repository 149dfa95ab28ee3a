package io.jpraxis.ai.candidate;

import static io.jpraxis.ai.candidate.HeaderText.quote;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a candidate list field by field (see docs/behaviour/intelligent-route.md#candidates,
 * docs/behaviour/routing-headers.md#credential-references) and completes it: the default stable id
 * where none is given, {@code new_and_existing} where no admission is. Collects every problem;
 * group rules are {@link GroupIndex}'s.
 */
final class CandidateValidator {
    static final int MAX_CANDIDATES = 1024;
    static final int MAX_IDENTIFIER_BYTES = 256;
    static final int MAX_TIER_BYTES = 128;
    static final long MAX_U32 = 0xFFFF_FFFFL;

    private static final String IDENTIFIER = "1..256 bytes, not blank";

    private CandidateValidator() {
    }

    /** The completed candidates, in order, or (when {@code problems} grew) a partial list. */
    static List<Candidate> validate(String localSite, List<Candidate> candidates, List<String> problems) {
        if (!HeaderText.isBoundedNonBlank(localSite, MAX_IDENTIFIER_BYTES)) {
            problems.add("local_site: " + quote(localSite) + " (expected: " + IDENTIFIER + ")");
        }
        if (candidates == null || candidates.isEmpty()) {
            problems.add("candidates: [] (expected: 1.." + MAX_CANDIDATES + " candidates)");
            return List.of();
        }
        if (candidates.size() > MAX_CANDIDATES) {
            problems.add("candidates: " + candidates.size() + " entries (expected: at most " + MAX_CANDIDATES + ")");
        }
        List<Candidate> completed = new ArrayList<>(candidates.size());
        List<Integer> positions = new ArrayList<>(candidates.size());
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            String at = "candidates[" + i + "]";
            if (c == null) {
                problems.add(at + ": null (expected: a candidate)");
                continue;
            }
            if (checkFields(c, at, problems)) {
                completed.add(complete(c));
                positions.add(i);
            }
        }
        checkUnique(completed, positions, problems);
        return completed;
    }

    /** Whether the identifying fields are sound enough to complete the candidate. */
    private static boolean checkFields(Candidate c, String at, List<String> problems) {
        int before = problems.size();
        if (c.kind() == null) {
            problems.add(at + ".kind: missing (expected: inference_model | mcp_tool)");
        }
        identifier(c.name(), at + ".name", problems);
        identifier(c.site(), at + ".site", problems);
        identifier(c.cluster(), at + ".cluster", problems);
        boolean identified = problems.size() == before;
        if (c.selectionTier() != null && !HeaderText.isBoundedNonBlank(c.selectionTier(), MAX_TIER_BYTES)) {
            problems.add(at + ".selection_tier: " + quote(c.selectionTier()) + " (expected: 1..128 bytes, not blank)");
        }
        if (c.stableId() != null && !isStableId(c.stableId())) {
            problems.add(at + ".stable_id: " + quote(c.stableId())
                    + " (expected: 1..256 bytes of visible ASCII, space or tab)");
        }
        u32(c.rank(), at + ".rank", problems);
        u32(c.trafficWeight(), at + ".traffic_weight", problems);
        if (c.selectionGroup() != null && c.selectionGroup() < 0) {
            problems.add(at + ".selection_group: " + c.selectionGroup() + " (expected: 0 or more)");
        }
        if (c.credential() != null) {
            checkCredential(c.credential(), at + ".credential", problems);
        }
        return identified;
    }

    static boolean isStableId(String id) {
        return !id.isEmpty() && HeaderText.utf8Length(id) <= StableIds.MAX_BYTES && HeaderText.isHeaderValue(id);
    }

    private static void identifier(String value, String path, List<String> problems) {
        if (!HeaderText.isBoundedNonBlank(value, MAX_IDENTIFIER_BYTES)) {
            problems.add(path + ": " + (value == null ? "missing" : quote(value)) + " (expected: " + IDENTIFIER + ")");
        }
    }

    private static void u32(Long value, String path, List<String> problems) {
        if (value != null && (value < 0 || value > MAX_U32)) {
            problems.add(path + ": " + value + " (expected: 0.." + MAX_U32 + ")");
        }
    }

    /**
     * bearer_token takes no header, apikey needs one; the locator is complete (see
     * docs/behaviour/routing-headers.md#credential-references).
     */
    static void checkCredential(CredentialRef ref, String at, List<String> problems) {
        if (ref.strategy() == null) {
            problems.add(at + ".strategy: missing (expected: bearer_token | apikey)");
        } else if (ref.strategy() == CredentialStrategy.BEARER_TOKEN && ref.header() != null) {
            problems.add(at + ".header: " + quote(ref.header())
                    + " (expected: no header with strategy bearer_token, which always sets authorization)");
        } else if (ref.strategy() == CredentialStrategy.APIKEY && ref.header() == null) {
            problems.add(at + ".header: missing (expected: the header name the key goes in, with strategy apikey)");
        } else if (ref.strategy() == CredentialStrategy.APIKEY && !HeaderText.isHeaderName(ref.header())) {
            problems.add(at + ".header: " + quote(ref.header()) + " (expected: a header name of RFC 9110 token characters)");
        }
        SecretRef secret = ref.secretRef();
        if (secret == null) {
            problems.add(at + ".secretRef: missing (expected: name, namespace and key)");
            return;
        }
        identifier(secret.name(), at + ".secretRef.name", problems);
        identifier(secret.namespace(), at + ".secretRef.namespace", problems);
        identifier(secret.key(), at + ".secretRef.key", problems);
    }

    private static Candidate complete(Candidate c) {
        String stableId = c.stableId() != null ? c.stableId()
                : StableIds.defaultFor(c.kind(), c.name(), c.site(), c.cluster());
        AdmissionState admission = c.admission() != null ? c.admission() : AdmissionState.NEW_AND_EXISTING;
        return new Candidate(c.kind(), c.name(), c.site(), c.cluster(), c.fresh(), c.credential(), admission,
                c.rank(), c.selectionTier(), stableId, c.selectionGroup(), c.trafficWeight());
    }

    /** The (kind, name, site, cluster) tuple and the effective stable id are each unique. */
    private static void checkUnique(List<Candidate> completed, List<Integer> positions, List<String> problems) {
        Map<List<Object>, Integer> tuples = new HashMap<>();
        Map<String, Integer> stableIds = new HashMap<>();
        for (int i = 0; i < completed.size(); i++) {
            Candidate c = completed.get(i);
            int index = positions.get(i);
            List<Object> tuple = List.of(c.kind(), c.name(), c.site(), c.cluster());
            Integer first = tuples.putIfAbsent(tuple, index);
            if (first != null) {
                problems.add("candidates[" + index + "]: " + quote(c.kind().wire() + "/" + c.name() + "/" + c.site()
                        + "/" + c.cluster()) + " (expected: a unique (kind, name, site, cluster); also candidates["
                        + first + "])");
                continue;
            }
            Integer owner = stableIds.putIfAbsent(c.stableId(), index);
            if (owner != null) {
                problems.add("candidates[" + index + "].stable_id: " + quote(c.stableId())
                        + " (expected: a unique effective stable id; also candidates[" + owner + "])");
            }
        }
    }
}
