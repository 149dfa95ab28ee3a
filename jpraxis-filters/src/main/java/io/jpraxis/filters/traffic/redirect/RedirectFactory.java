package io.jpraxis.filters.traffic.redirect;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.HeaderListReader;
import io.jpraxis.filters.support.HeaderRules;
import io.jpraxis.filters.support.HostPattern;
import io.jpraxis.filters.traffic.redirect.LocationTemplate.Placeholder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Builds {@code redirect} filters (see docs/reference/filters/redirect.md#what-it-does). */
public final class RedirectFactory implements FilterFactory<RedirectConfig> {
    /** The YAML type name. */
    public static final String TYPE = "redirect";

    private static final int DEFAULT_STATUS = 301;
    private static final Set<Long> REDIRECT_STATUSES = Set.of(301L, 302L, 307L, 308L);

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(RedirectKeys.KEYS);
    }

    @Override
    public Optional<RedirectConfig> read(MapReader options, FilterReadContext context) {
        String location = options.requiredString("location");
        LocationTemplate template = location == null ? null : checkLocation(options, location);
        int status = readStatus(options);
        List<String> allowedHosts = readAllowedHosts(options);
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        warnOnLooseHostUse(options, template, allowedHosts);
        return Optional.of(new RedirectConfig(location, status, allowedHosts));
    }

    @Override
    public FilterDeclaration declare(RedirectConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.ALWAYS_ANSWERS));
    }

    @Override
    public HttpFilter create(RedirectConfig config, FilterBuildContext context) {
        return new RedirectFilter(config);
    }

    private static LocationTemplate checkLocation(MapReader options, String location) {
        if (location.isEmpty()) {
            options.invalid("location", "a non-empty URL or path template");
            return null;
        }
        if (!HeaderRules.isValidValue(location)) {
            options.invalid("location", "a Location value without control characters such as CR, LF or NUL");
            return null;
        }
        List<String> unknown = new ArrayList<>();
        LocationTemplate template = LocationTemplate.parse(location, unknown::add);
        if (template == null) {
            options.diagnostics().invalid(options.path("location"), options.line("location"),
                    HeaderListReader.quote(location), "placeholders among " + Placeholder.allSpelled()
                            + "; not " + String.join(", ", unknown));
        }
        return template;
    }

    private static int readStatus(MapReader options) {
        Optional<ConfigNode> node = options.present("status");
        if (node.isEmpty()) {
            return DEFAULT_STATUS;
        }
        if (node.get() instanceof ConfigNode.ScalarNode s && s.kind() == ConfigNode.ScalarKind.INT
                && REDIRECT_STATUSES.contains(parseOrZero(s.text()))) {
            return Integer.parseInt(s.text());
        }
        options.invalid("status", "301 | 302 | 307 | 308");
        return DEFAULT_STATUS;
    }

    private static long parseOrZero(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static List<String> readAllowedHosts(MapReader options) {
        List<ConfigNode> items = options.list("allowed_hosts").orElse(List.of());
        List<String> hosts = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("allowed_hosts").index(i);
            ConfigNode item = items.get(i);
            Scalars.string(item, path, options.diagnostics()).ifPresent(host -> {
                if (HostPattern.parse(host).isPresent()) {
                    hosts.add(host);
                } else {
                    options.diagnostics().invalid(path, item.line(), HeaderListReader.quote(host),
                            HostPattern.EXPECTATION);
                }
            });
        }
        return hosts;
    }

    /** Warnings for configs that load but likely do not do what was meant. */
    private static void warnOnLooseHostUse(MapReader options, LocationTemplate template, List<String> allowedHosts) {
        boolean usesHost = template != null && template.uses(Placeholder.HOST);
        if (usesHost && allowedHosts.isEmpty()) {
            options.diagnostics().warn(options.path("location"), options.line("location"),
                    "${host} without allowed_hosts redirects to any well-formed host the client names "
                            + "(set allowed_hosts to limit it)");
        }
        if (!usesHost && !allowedHosts.isEmpty()) {
            options.diagnostics().warn(options.path("allowed_hosts"), options.line("allowed_hosts"),
                    "allowed_hosts has no effect because location does not use ${host}");
        }
    }
}
