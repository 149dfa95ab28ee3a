package io.jpraxis.filters.security.guardrails;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Phase;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Builds {@code guardrails} filters (see docs/reference/filters/guardrails.md). */
public final class GuardrailsFactory implements FilterFactory<GuardrailsConfig> {
    /** The YAML type name. */
    public static final String TYPE = "guardrails";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(GuardrailsKeys.KEYS);
    }

    @Override
    public Optional<GuardrailsConfig> read(MapReader options, FilterReadContext context) {
        List<GuardrailRule> rules = rules(options);
        GuardrailsConfig.Action action = options.enumValue("action", GuardrailsConfig.Action.class)
                .orElse(GuardrailsConfig.Action.REJECT);
        boolean rejectOversized = options.bool("reject_oversized", false);
        if (!options.finishCleanly() || rules.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new GuardrailsConfig(rules, action, rejectOversized));
    }

    private static List<GuardrailRule> rules(MapReader options) {
        if (!options.require("rules")) {
            return List.of();
        }
        List<ConfigNode> items = options.list("rules").orElse(null);
        if (items == null) {
            return List.of();
        }
        if (items.isEmpty()) {
            options.invalid("rules", "at least one rule");
            return List.of();
        }
        List<GuardrailRule> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("rules").index(i);
            RuleReader.read(MapReader.of(items.get(i), path, options.diagnostics(), GuardrailsKeys.RULE))
                    .ifPresent(out::add);
        }
        return out.size() == items.size() ? out : List.of();
    }

    /**
     * A request body rule makes the filter read the whole request body before the request phase
     * (pre-read); a response body rule makes the edge withhold the response body until it ends.
     * Both buffers are 1 MiB: a larger body is refused with 413 (request) or cut off (response)
     * by the edge, never passed on uninspected (see docs/behaviour/body-access.md#body-limits).
     */
    @Override
    public FilterDeclaration declare(GuardrailsConfig config) {
        FilterDeclaration d = FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY));
        BodyMode buffer = BodyMode.buffer(GuardrailsConfig.MAX_BODY_BYTES);
        if (config.inspects(Phase.REQUEST, Target.BODY)) {
            d = d.withRequestBody(BodyAccess.READ_ONLY, buffer);
        }
        if (config.inspects(Phase.RESPONSE, Target.BODY)) {
            d = d.withResponseBody(BodyAccess.READ_ONLY, buffer);
        }
        return d.withResponseHook(config.inspects(Phase.RESPONSE, Target.HEADER));
    }

    @Override
    public HttpFilter create(GuardrailsConfig config, FilterBuildContext context) {
        return new GuardrailsFilter(config);
    }
}
