package io.jpraxis.filters.security.forwarded;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.Cidr;
import io.jpraxis.filters.support.CidrLists;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Builds {@code forwarded_headers} filters (see docs/reference/filters/forwarded_headers.md). */
public final class ForwardedHeadersFactory implements FilterFactory<ForwardedHeadersConfig> {
    /** The YAML type name. */
    public static final String TYPE = "forwarded_headers";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(ForwardedHeadersKeys.KEYS);
    }

    @Override
    public Optional<ForwardedHeadersConfig> read(MapReader options, FilterReadContext context) {
        List<Cidr> trusted = CidrLists.read(options, "trusted_proxies");
        boolean standard = options.bool("use_standard_header", false);
        if (!options.finishCleanly() || trusted == null) {
            return Optional.empty();
        }
        return Optional.of(new ForwardedHeadersConfig(trusted, standard));
    }


    @Override
    public FilterDeclaration declare(ForwardedHeadersConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY, FilterTrait.NON_GATING));
    }

    @Override
    public HttpFilter create(ForwardedHeadersConfig config, FilterBuildContext context) {
        return new ForwardedHeadersFilter(config);
    }
}
