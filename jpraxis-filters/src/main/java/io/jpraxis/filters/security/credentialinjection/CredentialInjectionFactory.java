package io.jpraxis.filters.security.credentialinjection;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.HeaderRules;
import io.jpraxis.filters.support.secret.SecretReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds {@code credential_injection} filters (see docs/reference/filters/credential_injection.md).
 * Credentials are read here, once; every diagnostic names the cluster and the key, never the
 * credential.
 */
public final class CredentialInjectionFactory implements FilterFactory<CredentialInjectionFactory.Read> {
    /** The YAML type name. */
    public static final String TYPE = "credential_injection";

    private final Function<String, String> environment;

    /** Reads {@code env_var} credentials from the process environment. */
    public CredentialInjectionFactory() {
        this(System::getenv);
    }

    /** Reads {@code env_var} credentials from {@code environment} (tests). */
    public CredentialInjectionFactory(Function<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(CredentialInjectionKeys.KEYS);
    }

    @Override
    public Optional<Read> read(MapReader options, FilterReadContext context) {
        options.require("clusters");
        List<ConfigNode> items = options.list("clusters").orElse(List.of());
        if (options.has("clusters") && items.isEmpty()) {
            options.invalid("clusters", "at least one cluster");
        }
        SecretReader secrets = new SecretReader(environment);
        List<CredentialInjectionConfig.Cluster> clusters = new ArrayList<>();
        Map<String, String> values = new HashMap<>();
        Map<String, Integer> firstAt = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("clusters").index(i);
            MapReader r = MapReader.of(items.get(i), path, options.diagnostics());
            String name = r.requiredString("name");
            if (name != null && name.isBlank()) {
                r.invalid("name", "a cluster name, not blank");
                name = null;
            }
            String header = header(r);
            Optional<String> prefix = r.string("header_prefix");
            boolean strip = r.bool("strip_client_credential", true);
            Optional<SecretReader.Resolved> secret = secrets.read(r, "value");
            if (!r.finishCleanly() || name == null || header == null || secret.isEmpty()) {
                continue;
            }
            String value = prefix.orElse("") + secret.get().secret();
            if (!HeaderRules.isValidValue(value)) {
                invalidValue(r, prefix.orElse(""), secret.get().source().yamlKey());
                continue;
            }
            if (!strip) {
                r.diagnostics().warn(r.path("strip_client_credential"), r.line("strip_client_credential"),
                        "strip_client_credential: false has no effect (deprecated): the injected header always "
                                + "replaces the client's");
            }
            Integer earlier = firstAt.putIfAbsent(name, i);
            if (earlier != null) {
                r.invalid("name", "a cluster no other entry names; clusters[" + earlier + "] names it");
                continue;
            }
            clusters.add(new CredentialInjectionConfig.Cluster(name, header, secret.get().source(),
                    prefix.orElse(null), strip));
            values.put(name, value);
        }
        if (!options.finishCleanly() || clusters.size() != items.size()) {
            return Optional.empty();
        }
        return Optional.of(new Read(new CredentialInjectionConfig(clusters), values));
    }

    /** Blames the prefix when it alone is invalid, else the credential's key (without echoing it). */
    private static void invalidValue(MapReader r, String prefix, String secretKey) {
        String expectation = "prefix and credential together a valid header value (no control characters but tab)";
        if (!HeaderRules.isValidValue(prefix)) {
            r.invalid("header_prefix", expectation);
        } else {
            r.diagnostics().invalid(r.path(secretKey), r.line(secretKey), SecretReader.REDACTED, expectation);
        }
    }

    private static String header(MapReader r) {
        String header = r.requiredString("header");
        if (header != null && !HeaderRules.isValidName(header)) {
            r.invalid("header", "a valid header name (an RFC 9110 token)");
            return null;
        }
        return header == null ? null : HeaderMap.normalize(header);
    }

    @Override
    public FilterDeclaration declare(Read read) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY)).withResponseHook(true);
    }

    @Override
    public HttpFilter create(Read read, FilterBuildContext context) {
        return new CredentialInjectionFilter(read.config(), read.values());
    }

    /** An entry as read: its config and the header value each cluster gets (prefix and credential). */
    public record Read(CredentialInjectionConfig config, Map<String, String> values) {
        public Read {
            values = Map.copyOf(values);
        }

        @Override
        public String toString() {
            return "Read[config=" + config + ", values=" + SecretReader.REDACTED + "]";
        }
    }
}
