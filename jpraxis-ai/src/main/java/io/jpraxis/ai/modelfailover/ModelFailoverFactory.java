package io.jpraxis.ai.modelfailover;

import io.jpraxis.ai.credentialinject.UpstreamCredentials;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code model_failover} filters (see docs/reference/filters/model_failover.md), a jpraxis
 * filter with no Praxis counterpart. It reads the whole request body at pre-read (it resends it,
 * renamed per entry) and must stand at the top level after an {@code intelligent_route} and before
 * a load balancer ({@code model_failover_placement}).
 */
public final class ModelFailoverFactory implements FilterFactory<ModelFailoverConfig> {
    /** The YAML type name. */
    public static final String TYPE = "model_failover";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(ModelFailoverKeys.KEYS);
    }

    @Override
    public Optional<ModelFailoverConfig> read(MapReader options, FilterReadContext context) {
        Conditions on = options.map("failover_on", ModelFailoverKeys.FAILOVER_ON).map(ModelFailoverFactory::conditions)
                .orElse(options.has("failover_on") ? null : Conditions.DEFAULT);
        int maxAttempts = options.integer("max_attempts", 1, ModelFailoverConfig.MAX_ATTEMPTS).map(Long::intValue)
                .orElse(0);
        List<ModelFailoverConfig.UpstreamModel> models = upstreamModels(options);
        long maxBody = options.integer("max_body_bytes", 1, 64L * 1024 * 1024)
                .orElse(ModelFailoverConfig.DEFAULT_MAX_BODY_BYTES);
        if (!options.finishCleanly() || on == null || models == null) {
            return Optional.empty();
        }
        return Optional.of(new ModelFailoverConfig(on.statuses(), on.transportErrors(), on.firstByteTimeoutMs(),
                maxAttempts, models, maxBody));
    }

    /** {@code failover_on}; null after a report. */
    private static Conditions conditions(MapReader r) {
        List<Integer> statuses = statuses(r);
        boolean transport = r.bool("transport_errors", true);
        long firstByte = r.integer("first_byte_timeout_ms", 1, ModelFailoverConfig.MAX_FIRST_BYTE_TIMEOUT_MS)
                .orElse(0L);
        if (!r.finishCleanly() || statuses == null) {
            return null;
        }
        if (statuses.isEmpty() && !transport && firstByte == 0) {
            r.diagnostics().error(r.path(), r.line(), "needs at least one condition (statuses, transport_errors: "
                    + "true or first_byte_timeout_ms); with none nothing would fail over");
            return null;
        }
        return new Conditions(statuses, transport, firstByte);
    }

    /** The statuses, each once; null after a report. */
    private static List<Integer> statuses(MapReader r) {
        if (!r.has("statuses")) {
            return ModelFailoverConfig.DEFAULT_STATUSES;
        }
        List<ConfigNode> items = r.list("statuses").orElse(null);
        if (items == null) {
            return null; // the wrong type is reported by list()
        }
        Set<Integer> out = new LinkedHashSet<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            Optional<Long> status = Scalars.integer(items.get(i), r.path("statuses").index(i), r.diagnostics(), 400,
                    599);
            if (status.isEmpty()) {
                ok = false;
            } else if (!out.add(status.get().intValue())) {
                r.diagnostics().invalid(r.path("statuses").index(i), r.line("statuses"), status.get().toString(),
                        "a status listed once");
                ok = false;
            }
        }
        return ok ? List.copyOf(out) : null;
    }

    /** {@code upstream_models}, one per model and cluster; null after a report. */
    private static List<ModelFailoverConfig.UpstreamModel> upstreamModels(MapReader options) {
        List<ConfigNode> items = options.list("upstream_models").orElse(List.of());
        List<ModelFailoverConfig.UpstreamModel> out = new ArrayList<>();
        Map<String, Integer> firstAt = new HashMap<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            MapReader r = MapReader.of(items.get(i), options.path("upstream_models").index(i), options.diagnostics(),
                    ModelFailoverKeys.UPSTREAM_MODEL);
            String model = text(r, "model");
            String cluster = text(r, "cluster");
            String upstream = text(r, "upstream_model");
            if (!r.finishCleanly() || model == null || cluster == null || upstream == null) {
                ok = false;
                continue;
            }
            Integer earlier = firstAt.putIfAbsent(model + '\0' + cluster, i);
            if (earlier != null) {
                r.invalid("cluster", "a model and cluster no other entry has; upstream_models[" + earlier
                        + "] has them");
                ok = false;
                continue;
            }
            out.add(new ModelFailoverConfig.UpstreamModel(model, cluster, upstream));
        }
        return ok ? out : null;
    }

    /** A required text of 1..256 characters, not blank, no control characters; null after a report. */
    private static String text(MapReader r, String key) {
        String value = r.requiredString(key);
        if (value != null && (value.isBlank() || value.length() > ModelFailoverConfig.MAX_TEXT
                || value.chars().anyMatch(Character::isISOControl))) {
            r.invalid(key, "1.." + ModelFailoverConfig.MAX_TEXT + " characters, not blank, no control characters");
            return null;
        }
        return value;
    }

    /** Reads the whole body at pre-read: it is resent to each entry, with that entry's model name. */
    @Override
    public FilterDeclaration declare(ModelFailoverConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.FAILS_OVER_MODELS))
                .withRequestBody(BodyAccess.READ_ONLY, BodyMode.buffer(config.maxBodyBytes()));
    }

    @Override
    public HttpFilter create(ModelFailoverConfig config, FilterBuildContext context) {
        return new ModelFailoverFilter(config, context.pipelineExports().published(UpstreamCredentials.KEY));
    }

    private record Conditions(List<Integer> statuses, boolean transportErrors, long firstByteTimeoutMs) {
        static final Conditions DEFAULT = new Conditions(ModelFailoverConfig.DEFAULT_STATUSES, true, 0);
    }
}
