package io.jpraxis.ai.credentialinject;

import io.jpraxis.ai.candidate.SecretRef;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Builds {@code credential_inject} filters: {@code credentials}, 1..1024 entries, each read by
 * {@link CredentialReader}; two entries with the same (name, namespace, key) are refused. Tokens
 * are read here, once.
 */
public final class CredentialInjectFactory implements FilterFactory<CredentialInjectFactory.Read> {
    /** The YAML type name. */
    public static final String TYPE = "credential_inject";

    private final Function<String, String> environment;

    /** Reads {@code env_var} tokens from the process environment. */
    public CredentialInjectFactory() {
        this(System::getenv);
    }

    /** Reads {@code env_var} tokens from {@code environment} (tests). */
    public CredentialInjectFactory(Function<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(CredentialInjectKeys.KEYS);
    }

    @Override
    public Optional<Read> read(MapReader options, FilterReadContext context) {
        options.require("credentials");
        List<ConfigNode> items = options.list("credentials").orElse(List.of());
        if (options.has("credentials") && (items.isEmpty() || items.size() > CredentialInjectConfig.MAX_CREDENTIALS)) {
            options.invalid("credentials", "1.." + CredentialInjectConfig.MAX_CREDENTIALS + " credentials (it has "
                    + items.size() + ")");
        }
        CredentialReader reader = new CredentialReader(environment);
        List<CredentialEntry> entries = new ArrayList<>();
        Map<SecretRef, InjectedHeader> headers = new HashMap<>();
        Map<SecretRef, Integer> firstAt = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("credentials").index(i);
            Optional<CredentialReader.Resolved> read = reader.read(items.get(i), path, options.diagnostics());
            if (read.isEmpty()) {
                continue;
            }
            SecretRef ref = read.get().entry().ref();
            Integer earlier = firstAt.putIfAbsent(ref, i);
            if (earlier != null) {
                options.diagnostics().invalid(path, items.get(i).line(), "name/namespace/key \"" + ref.name() + "/"
                        + ref.namespace() + "/" + ref.key() + "\"", "a reference no other credential has; credentials["
                        + earlier + "] has it");
                continue;
            }
            entries.add(read.get().entry());
            headers.put(ref, read.get().header());
        }
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new Read(new CredentialInjectConfig(entries), headers));
    }

    @Override
    public FilterDeclaration declare(Read read) {
        return FilterDeclaration.NONE;
    }

    @Override
    public HttpFilter create(Read read, FilterBuildContext context) {
        CredentialInjectFilter filter = new CredentialInjectFilter(read.config(), read.headers());
        context.pipelineExports().publish(UpstreamCredentials.KEY, filter);
        return filter;
    }

    /** An entry as read: its config and the header each credential injects, resolved. */
    record Read(CredentialInjectConfig config, Map<SecretRef, InjectedHeader> headers) {
        public Read {
            headers = Map.copyOf(headers);
        }
    }
}
