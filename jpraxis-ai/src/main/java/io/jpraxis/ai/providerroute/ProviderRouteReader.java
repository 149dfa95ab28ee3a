package io.jpraxis.ai.providerroute;

import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.candidate.CredentialRefReader;
import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.HeaderText;
import io.jpraxis.ai.providerroute.ProviderRouteConfig.Route;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads {@code provider_route}'s {@code routes} (see docs/reference/filters/provider_route.md#keys):
 * each route strictly, every problem reported, and each {@code candidate_id} once.
 */
final class ProviderRouteReader {
    /** The expectation printed for an identifier out of bounds. */
    static final String IDENTIFIER = "1 to " + ProviderRouteConfig.MAX_BYTES + " bytes, not blank";
    private static final CredentialRefReader CREDENTIALS = new CredentialRefReader(
            Set.of(CredentialStrategy.BEARER_TOKEN), "bearer_token (provider_route sends only bearer tokens); "
            + "unsupported_credential_strategy");

    private ProviderRouteReader() {
    }

    /** Every route, or empty when the list or any route was refused (all reported). */
    static Optional<List<Route>> read(MapReader options) {
        if (!options.require("routes")) {
            return Optional.empty();
        }
        List<ConfigNode> items = options.list("routes").orElse(null);
        if (items == null) {
            return Optional.empty();
        }
        if (items.isEmpty() || items.size() > ProviderRouteConfig.MAX_ROUTES) {
            options.diagnostics().invalid(options.path("routes"), options.line("routes"), items.size() + " routes",
                    "1 to " + ProviderRouteConfig.MAX_ROUTES + " routes");
            return Optional.empty();
        }
        List<Route> out = new ArrayList<>(items.size());
        Map<String, Integer> firstAt = new LinkedHashMap<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("routes").index(i);
            Optional<Route> route = route(MapReader.of(items.get(i), path, options.diagnostics()));
            if (route.isEmpty()) {
                ok = false;
                continue;
            }
            Integer earlier = firstAt.putIfAbsent(route.get().candidateId(), i);
            if (earlier != null) {
                options.diagnostics().invalid(path.key("candidate_id"), items.get(i).line(),
                        HeaderListReader.quote(route.get().candidateId()), "a candidate_id no other route has; routes["
                        + earlier + "] has it");
                ok = false;
                continue;
            }
            out.add(route.get());
        }
        return ok ? Optional.of(out) : Optional.empty();
    }

    private static Optional<Route> route(MapReader r) {
        String candidateId = requiredIdentifier(r, "candidate_id");
        String cluster = requiredIdentifier(r, "cluster");
        String model = requiredIdentifier(r, "model");
        List<String> paths = paths(r);
        CredentialRef credential = r.map("credential").map(CREDENTIALS::read).orElse(null);
        if (!r.finishCleanly() || candidateId == null || cluster == null || model == null || paths == null) {
            return Optional.empty();
        }
        return Optional.of(new Route(candidateId, cluster, model, paths, credential));
    }

    /** 1 to 64 absolute paths of at most 256 bytes, each once; null (reported) otherwise. */
    private static List<String> paths(MapReader r) {
        if (!r.require("paths")) {
            return null;
        }
        List<ConfigNode> items = r.list("paths").orElse(null);
        if (items == null) {
            return null;
        }
        if (items.isEmpty() || items.size() > ProviderRouteConfig.MAX_PATHS) {
            r.diagnostics().invalid(r.path("paths"), r.line("paths"), items.size() + " paths",
                    "1 to " + ProviderRouteConfig.MAX_PATHS + " paths");
            return null;
        }
        List<String> out = new ArrayList<>(items.size());
        Set<String> seen = new HashSet<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = r.path("paths").index(i);
            int line = items.get(i).line();
            String value = Scalars.string(items.get(i), path, r.diagnostics()).orElse(null);
            if (value == null) {
                ok = false;
            } else if (!value.startsWith("/") || HeaderText.utf8Length(value) > ProviderRouteConfig.MAX_BYTES) {
                r.diagnostics().invalid(path, line, HeaderListReader.quote(value), "an absolute path (/...) of at most "
                        + ProviderRouteConfig.MAX_BYTES + " bytes");
                ok = false;
            } else if (!seen.add(value)) {
                r.diagnostics().invalid(path, line, HeaderListReader.quote(value), "each path once; it is listed "
                        + "earlier");
                ok = false;
            } else {
                out.add(value);
            }
        }
        return ok ? out : null;
    }

    /** The required identifier {@code key}; null (reported) when absent or out of bounds. */
    static String requiredIdentifier(MapReader r, String key) {
        String value = r.requiredString(key);
        if (value != null && !HeaderText.isBoundedNonBlank(value, ProviderRouteConfig.MAX_BYTES)) {
            r.diagnostics().invalid(r.path(key), r.line(key), HeaderListReader.quote(value), IDENTIFIER);
            return null;
        }
        return value;
    }
}
