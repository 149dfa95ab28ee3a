package io.jpraxis.ai.candidate;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a {@code credential} reference (see docs/behaviour/routing-headers.md#credential-references):
 * {@code strategy}, an {@code apikey}'s {@code header}, and the {@code secretRef} (or {@code
 * secret_ref}) locator, strictly. Shared by {@code intelligent_route}'s candidates and {@code
 * provider_route}'s routes, so both accept the one shape {@code credential_inject} resolves.
 */
public final class CredentialRefReader {
    /** Longest secret locator field, in UTF-8 bytes. */
    public static final int MAX_LOCATOR_BYTES = 256;
    /** The expectation printed for a locator field out of bounds. */
    public static final String LOCATOR = "1 to " + MAX_LOCATOR_BYTES + " bytes, not blank";

    private final Set<CredentialStrategy> allowed;
    private final String refusedStrategy;

    /**
     * @param allowed the strategies this filter accepts
     * @param refusedStrategy what a diagnostic expects of a known strategy not in {@code allowed}
     */
    public CredentialRefReader(Set<CredentialStrategy> allowed, String refusedStrategy) {
        this.allowed = Set.copyOf(allowed);
        this.refusedStrategy = refusedStrategy;
    }

    /** Every strategy: {@code intelligent_route}'s reader. */
    public static CredentialRefReader anyStrategy() {
        return new CredentialRefReader(Set.of(CredentialStrategy.values()), "");
    }

    /** The reference in {@code r}, or null (reported) when any part of it was refused. */
    public CredentialRef read(MapReader r) {
        CredentialStrategy strategy = strategy(r);
        if (!allowed.contains(CredentialStrategy.APIKEY)) {
            return bearerOnly(r, strategy); // no header key at all: it is unknown here
        }
        String header = r.string("header").orElse(null);
        if (header != null && !HeaderListReader.checkName(header, r.path("header"), r.line("header"),
                r.diagnostics())) {
            header = null;
        }
        if (strategy == CredentialStrategy.APIKEY && !r.has("header")) {
            r.diagnostics().error(r.path("header"), r.line(), "missing (expected: the header an apikey goes in, "
                    + "e.g. x-api-key; invalid_credential_combination)");
        } else if (strategy == CredentialStrategy.BEARER_TOKEN && r.has("header")) {
            r.invalid("header", "no header with bearer_token, which always uses Authorization; "
                    + "invalid_credential_combination");
        }
        SecretRef secret = secretRef(r);
        boolean clean = r.finishCleanly();
        if (strategy == null || secret == null || !clean) {
            return null;
        }
        return new CredentialRef(strategy, header == null ? null : HeaderMap.normalize(header), secret);
    }

    private static CredentialRef bearerOnly(MapReader r, CredentialStrategy strategy) {
        SecretRef secret = secretRef(r);
        boolean clean = r.finishCleanly();
        return strategy == null || secret == null || !clean ? null : new CredentialRef(strategy, null, secret);
    }

    private CredentialStrategy strategy(MapReader r) {
        String text = r.requiredString("strategy");
        if (text == null) {
            return null;
        }
        Optional<CredentialStrategy> strategy = CredentialStrategy.fromWire(text);
        if (strategy.isEmpty()) {
            r.diagnostics().invalid(r.path("strategy"), r.line("strategy"), HeaderListReader.quote(text),
                    wireNames() + "; unsupported_credential_strategy");
            return null;
        }
        if (!allowed.contains(strategy.get())) {
            r.diagnostics().invalid(r.path("strategy"), r.line("strategy"), HeaderListReader.quote(text),
                    refusedStrategy);
            return null;
        }
        return strategy.get();
    }

    private String wireNames() {
        return allowed.stream().sorted().map(CredentialStrategy::wire).collect(Collectors.joining(" | "));
    }

    /** {@code secretRef} as in Kubernetes, or {@code secret_ref}; exactly one of them. */
    private static SecretRef secretRef(MapReader r) {
        boolean camel = r.has("secretRef");
        boolean snake = r.has("secret_ref");
        if (camel && snake) {
            r.error("secret_ref", "set together with secretRef (expected: one of secretRef or secret_ref)");
            r.skip("secretRef", "secret_ref");
            return null;
        }
        if (!camel && !snake) {
            r.diagnostics().error(r.path("secretRef"), r.line(), "missing (expected: a value; this key is required)");
            return null;
        }
        String key = camel ? "secretRef" : "secret_ref";
        return r.map(key).map(CredentialRefReader::secret).orElse(null);
    }

    private static SecretRef secret(MapReader r) {
        String name = locator(r, "name");
        String namespace = locator(r, "namespace");
        String key = locator(r, "key");
        r.finish();
        return name == null || namespace == null || key == null ? null : new SecretRef(name, namespace, key);
    }

    private static String locator(MapReader r, String key) {
        String value = r.requiredString(key);
        if (value != null && !HeaderText.isBoundedNonBlank(value, MAX_LOCATOR_BYTES)) {
            r.diagnostics().invalid(r.path(key), r.line(key), HeaderListReader.quote(value), LOCATOR);
            return null;
        }
        return value;
    }
}
