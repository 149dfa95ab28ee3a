package io.jpraxis.filters.security.ipacl;

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

/** Builds {@code ip_acl} filters (see docs/reference/filters/ip_acl.md). */
public final class IpAclFactory implements FilterFactory<IpAclConfig> {
    /** The YAML type name. */
    public static final String TYPE = "ip_acl";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(IpAclKeys.KEYS);
    }

    @Override
    public Optional<IpAclConfig> read(MapReader options, FilterReadContext context) {
        List<Cidr> allow = CidrLists.read(options, "allow");
        List<Cidr> deny = CidrLists.read(options, "deny");
        if (allow != null && deny != null && !allow.isEmpty() && !deny.isEmpty()) {
            // Decision 20: older Praxis let allow win silently; jpraxis makes the operator choose.
            options.error("deny", "both allow and deny lists configured (expected: choose allow or deny, "
                    + "not both; allow admits only its ranges, deny refuses only its ranges)");
        }
        if (!options.finishCleanly() || allow == null || deny == null) {
            return Optional.empty();
        }
        return Optional.of(new IpAclConfig(allow, deny));
    }


    @Override
    public FilterDeclaration declare(IpAclConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY));
    }

    @Override
    public HttpFilter create(IpAclConfig config, FilterBuildContext context) {
        return new IpAclFilter(config);
    }
}
