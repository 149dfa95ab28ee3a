package io.jpraxis.filters.security.basicauth;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.secret.SecretReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds {@code basic_auth} filters (see docs/reference/filters/basic_auth.md), behind the
 * {@code basic-auth-filter} flag as Praxis builds it behind its feature of that name. Passwords
 * are read here, once, and kept only as SHA-256 digests.
 */
public final class BasicAuthFactory implements FilterFactory<BasicAuthFactory.Read> {
    /** The YAML type name. */
    public static final String TYPE = "basic_auth";
    private static final Logger log = LoggerFactory.getLogger(BasicAuthFactory.class);

    private final Function<String, String> environment;

    /** Reads {@code env_var} passwords from the process environment. */
    public BasicAuthFactory() {
        this(System::getenv);
    }

    /** Reads {@code env_var} passwords from {@code environment} (tests). */
    public BasicAuthFactory(Function<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(BasicAuthKeys.KEYS);
    }

    @Override
    public Feature requiredFeature() {
        return Feature.BASIC_AUTH_FILTER;
    }

    @Override
    public Set<String> secretFields() {
        return Set.of("password");
    }

    @Override
    public Optional<Read> read(MapReader options, FilterReadContext context) {
        String realm = options.string("realm").orElse(BasicAuthConfig.DEFAULT_REALM);
        if (!validRealm(realm)) {
            options.invalid("realm", "a realm without double quotes, backslashes or control characters");
        }
        boolean strip = options.bool("strip_authorization", true);
        options.require("credentials");
        List<ConfigNode> items = options.list("credentials").orElse(List.of());
        if (options.has("credentials") && items.isEmpty()) {
            options.invalid("credentials", "at least one credential");
        }
        SecretReader secrets = new SecretReader(environment);
        List<BasicAuthConfig.Credential> credentials = new ArrayList<>();
        List<BasicAuthFilter.User> users = new ArrayList<>();
        Map<String, Integer> firstAt = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("credentials").index(i);
            MapReader r = MapReader.of(items.get(i), path, options.diagnostics());
            String username = username(r);
            Optional<SecretReader.Resolved> password = secrets.read(r, "password");
            if (!r.finishCleanly() || username == null || password.isEmpty()) {
                continue;
            }
            Integer earlier = firstAt.putIfAbsent(username, i);
            if (earlier != null) {
                r.invalid("username", "a user name no other credential has; credentials[" + earlier + "] has it");
                continue;
            }
            credentials.add(new BasicAuthConfig.Credential(username, password.get().source()));
            users.add(BasicAuthFilter.User.of(username, password.get().secret()));
        }
        if (!options.finishCleanly() || credentials.size() != items.size() || !validRealm(realm)) {
            return Optional.empty();
        }
        return Optional.of(new Read(new BasicAuthConfig(realm, strip, credentials), users));
    }

    private static String username(MapReader r) {
        String name = r.requiredString("username");
        if (name != null && (name.isBlank()
                || name.getBytes(StandardCharsets.UTF_8).length > BasicAuthConfig.MAX_USERNAME_BYTES)) {
            r.invalid("username", "1.." + BasicAuthConfig.MAX_USERNAME_BYTES + " bytes, not blank");
            return null;
        }
        return name;
    }

    /** The realm goes inside a quoted string (RFC 7617 section 2): no quote, backslash or control. */
    static boolean validRealm(String realm) {
        return realm.chars().noneMatch(c -> c == '"' || c == '\\' || c < 0x20 || c == 0x7f);
    }

    @Override
    public FilterDeclaration declare(Read read) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY, FilterTrait.SETS_SUBJECT));
    }

    @Override
    public HttpFilter create(Read read, FilterBuildContext context) {
        log.warn("basic_auth is experimental: passwords live in the config or the environment; not for production");
        return new BasicAuthFilter(read.config(), read.users());
    }

    /** An entry as read: its config and each user's digests. */
    public record Read(BasicAuthConfig config, List<BasicAuthFilter.User> users) {
        public Read {
            users = List.copyOf(users);
        }
    }
}
