package io.jpraxis.ai.modelrewrite;

import io.jpraxis.ai.modelrewrite.ModelRewriteConfig.Rule;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.UpstreamMatcherReader;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.filter.TagMatcher;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code model_rewrite} filters: {@code rules} (1 to {@value #MAX_RULES}; each {@code from},
 * {@code to}, optional {@code when: {application_protocol?, application_provider?}} with canonical
 * identifiers; one {@code from} per {@code when}) and {@code max_body_bytes} (default 10 MiB, at
 * most 64 MiB), as {@code json_body_field}.
 */
public final class ModelRewriteFactory implements FilterFactory<ModelRewriteFactory.Read> {
    /** The YAML type name. */
    public static final String TYPE = "model_rewrite";
    static final int MAX_RULES = 256;
    /** Model names are short; a longer value is a config mistake, not a model. */
    static final int MAX_MODEL_CHARS = 256;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(ModelRewriteKeys.KEYS);
    }

    @Override
    public Optional<Read> read(MapReader options, FilterReadContext context) {
        options.require("rules");
        List<TagMatcher> whens = new ArrayList<>();
        List<Rule> rules = rules(options, whens);
        long maxBodyBytes = options.integer("max_body_bytes")
                .orElse(JsonBodyFieldConfig.DEFAULT_MAX_BODY_BYTES);
        if (!options.finishCleanly() || rules.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Read(new ModelRewriteConfig(rules, maxBodyBytes), whens));
    }

    /**
     * Rewrites the whole request body, at pre-read or at the bound-upstream barrier; rules with
     * {@code when} match the bound cluster's tags, so they make sense only at the barrier, and their
     * matchers are held to the tag values load balancers declare.
     */
    @Override
    public FilterDeclaration declare(Read read) {
        ModelRewriteConfig config = read.config();
        String barrierOnly = config.bindingDependent()
                ? "model_rewrite has rules with when, which match the bound cluster's tags" : null;
        return FilterDeclaration.NONE.withRequestBody(BodyAccess.READ_WRITE, BodyMode.buffer(config.maxBodyBytes()))
                .withBoundUpstream(new FilterDeclaration.BoundUpstream(BodyAccess.READ_WRITE, barrierOnly, read.whens()));
    }

    @Override
    public HttpFilter create(Read read, FilterBuildContext context) {
        return new ModelRewriteFilter(read.config());
    }

    /** An entry as read: its config, and each rule's {@code when} with where it is written (the typo guard). */
    public record Read(ModelRewriteConfig config, List<TagMatcher> whens) {
        public Read {
            whens = List.copyOf(whens);
        }
    }

    /** The rules; each {@code when} also goes to {@code whens} with where it is written (the typo guard). */
    private static List<Rule> rules(MapReader options, List<TagMatcher> whens) {
        List<ConfigNode> items = options.list("rules").orElse(null);
        if (items == null) {
            return List.of();
        }
        if (items.isEmpty() || items.size() > MAX_RULES) {
            options.invalid("rules", "1 to " + MAX_RULES + " rules");
            return List.of();
        }
        List<Rule> out = new ArrayList<>();
        Set<Rule> seen = new HashSet<>(); // keyed by (from, when): the to is left out
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("rules").index(i);
            Optional<Rule> rule = rule(items.get(i), path, options);
            if (rule.isEmpty()) {
                ok = false;
                continue;
            }
            if (!seen.add(new Rule(rule.get().from(), "", rule.get().when()))) {
                options.diagnostics().invalid(path.key("from"), items.get(i).line(), quote(rule.get().from()),
                        "a from no earlier rule with the same when rewrites (the later one could never match)");
                ok = false;
                continue;
            }
            out.add(rule.get());
            if (rule.get().when() != null) {
                whens.add(new TagMatcher(rule.get().when(), path.key("when"), items.get(i).line()));
            }
        }
        return ok ? out : List.of();
    }

    private static Optional<Rule> rule(ConfigNode node, ConfigPath path, MapReader parent) {
        MapReader r = MapReader.of(node, path, parent.diagnostics());
        String from = model(r, "from");
        String to = model(r, "to");
        Optional<ConfigNode> whenNode = r.present("when");
        UpstreamMatcher when = whenNode.flatMap(n -> UpstreamMatcherReader.read(n, r.path("when"), r.diagnostics()))
                .orElse(null);
        boolean whenOk = whenNode.isEmpty() || when != null;
        boolean clean = r.finishCleanly();
        return clean && whenOk && from != null && to != null ? Optional.of(new Rule(from, to, when)) : Optional.empty();
    }

    /** {@code from} or {@code to}: required, 1 to 256 characters, no control characters. */
    private static String model(MapReader r, String key) {
        String value = r.requiredString(key);
        if (value == null) {
            return null;
        }
        if (value.isBlank() || value.length() > MAX_MODEL_CHARS || !Names.isHeaderValue(value)
                || value.indexOf('\t') >= 0) {
            r.invalid(key, "a model name of 1 to " + MAX_MODEL_CHARS + " characters, not blank, without control "
                    + "characters");
            return null;
        }
        return value;
    }

    private static String quote(String s) {
        return "\"" + s + "\"";
    }
}
