package io.jpraxis.ai.credentialinject;

import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.SecretRef;
import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads one {@code credentials[i]} entry (see
 * docs/reference/filters/credential_inject.md#what-it-does,
 * docs/behaviour/routing-headers.md#credential-references): its locator, strategy and header, and
 * exactly one token source, which {@link TokenLoader} resolves. Every problem is reported; none of
 * them ever quotes a token.
 */
final class CredentialReader {
    /** Locator fields, each 1..256 bytes and not blank. */
    static final int MAX_LOCATOR_BYTES = 256;
    static final List<String> SOURCES = List.of("value", "env_var", "file");

    private final TokenLoader tokens;

    CredentialReader(Function<String, String> environment) {
        this.tokens = new TokenLoader(environment);
    }

    /** A configured credential with its assembled header. */
    record Resolved(CredentialEntry entry, InjectedHeader header) {
    }

    Optional<Resolved> read(ConfigNode node, ConfigPath path, Diagnostics d) {
        MapReader r = MapReader.of(node, path, d);
        String name = locator(r, "name");
        String namespace = locator(r, "namespace");
        String key = locator(r, "key");
        Optional<CredentialStrategy> strategy = strategy(r);
        String header = strategy.map(s -> header(r, s)).orElseGet(() -> {
            r.skip("header"); // its rule depends on a strategy that was already refused
            return null;
        });
        Optional<TokenSource> source = source(r);
        Optional<String> token = source.flatMap(s -> tokens.load(s, r));
        if (!r.finishCleanly() || strategy.isEmpty() || source.isEmpty() || token.isEmpty()) {
            return Optional.empty();
        }
        Optional<InjectedHeader> injected = assemble(strategy.get(), header, token.get(), r, source.get());
        return injected.map(h -> new Resolved(
                new CredentialEntry(new SecretRef(name, namespace, key), strategy.get(), header, source.get()), h));
    }

    private static String locator(MapReader r, String field) {
        String value = r.requiredString(field);
        if (value != null && (value.isBlank() || value.getBytes(StandardCharsets.UTF_8).length > MAX_LOCATOR_BYTES)) {
            r.invalid(field, "1.." + MAX_LOCATOR_BYTES + " bytes, not blank");
        }
        return value;
    }

    /** Absent or null: {@code bearer_token}, Praxis's default. */
    private static Optional<CredentialStrategy> strategy(MapReader r) {
        if (r.present("strategy").isEmpty()) {
            return Optional.of(CredentialStrategy.BEARER_TOKEN);
        }
        Optional<String> text = r.string("strategy"); // a wrong type is reported here
        Optional<CredentialStrategy> strategy = text.flatMap(CredentialStrategy::fromWire);
        if (text.isPresent() && strategy.isEmpty()) {
            r.invalid("strategy", "bearer_token | apikey; unsupported_credential_strategy");
        }
        return strategy;
    }

    /**
     * {@code header} is required with {@code apikey} and refused with {@code bearer_token} (see
     * docs/behaviour/routing-headers.md#credential-references).
     */
    private static String header(MapReader r, CredentialStrategy strategy) {
        boolean given = r.present("header").isPresent();
        return switch (strategy) {
            case BEARER_TOKEN -> {
                if (given) {
                    r.invalid("header", "no header with strategy bearer_token, which always sets Authorization; "
                            + "invalid_credential_combination");
                }
                yield null;
            }
            case APIKEY -> {
                if (!given) {
                    r.invalid("header", "the header the key goes in, required with strategy apikey; "
                            + "invalid_credential_combination");
                    yield null;
                }
                Optional<String> header = r.string("header");
                yield header.filter(h -> HeaderPolicy.CREDENTIAL_HEADER.check(h, r.path("header"), r.line("header"),
                        r.diagnostics())).orElse(null);
            }
        };
    }

    private static Optional<TokenSource> source(MapReader r) {
        List<String> given = new ArrayList<>();
        for (String key : SOURCES) {
            if (r.has(key)) {
                given.add(key);
            }
        }
        if (given.isEmpty()) {
            r.diagnostics().error(r.path(), r.line(), "no token source (expected: exactly one of value, env_var, file)");
            return Optional.empty();
        }
        for (String extra : given.subList(1, given.size())) {
            r.error(extra, "set together with " + given.getFirst() + " (expected: exactly one of value, env_var, file)");
            r.skip(extra);
        }
        return TokenLoader.sourceOf(given.getFirst(), r);
    }

    /** The header value the gateway sends; it must go on the wire as it is. */
    private static Optional<InjectedHeader> assemble(CredentialStrategy strategy, String header, String token,
            MapReader r, TokenSource source) {
        InjectedHeader injected = switch (strategy) {
            case BEARER_TOKEN -> new InjectedHeader(strategy, "authorization", "Bearer " + token);
            case APIKEY -> new InjectedHeader(strategy, io.jpraxis.core.http.HeaderMap.normalize(header), token);
        };
        if (!HeaderPolicy.isLegalValue(injected.value())) {
            r.diagnostics().invalid(r.path(source.yamlKey()), r.line(source.yamlKey()), TokenLoader.REDACTED,
                    "a token that makes a legal header value: " + HeaderPolicy.VALUE_EXPECTATION);
            return Optional.empty();
        }
        return Optional.of(injected);
    }
}
