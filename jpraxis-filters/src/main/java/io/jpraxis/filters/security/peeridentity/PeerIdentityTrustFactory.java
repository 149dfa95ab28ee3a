package io.jpraxis.filters.security.peeridentity;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** Builds {@code peer_identity_trust} filters (see docs/reference/filters/peer_identity_trust.md). */
public final class PeerIdentityTrustFactory implements FilterFactory<PeerIdentityTrustConfig> {
    /** The YAML type name. */
    public static final String TYPE = "peer_identity_trust";
    private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{64}");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(PeerIdentityTrustKeys.KEYS);
    }

    @Override
    public Optional<PeerIdentityTrustConfig> read(MapReader options, FilterReadContext context) {
        options.require("trusted_peers");
        List<ConfigNode> items = options.list("trusted_peers").orElse(List.of());
        if (options.has("trusted_peers")
                && (items.isEmpty() || items.size() > PeerIdentityTrustConfig.MAX_PEERS)) {
            options.invalid("trusted_peers", "1.." + PeerIdentityTrustConfig.MAX_PEERS + " entries");
        }
        List<PeerIdentityTrustConfig.TrustedPeer> peers = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("trusted_peers").index(i);
            peer(MapReader.of(items.get(i), path, options.diagnostics(), PeerIdentityTrustKeys.PEER))
                    .ifPresent(peers::add);
        }
        if (!options.finishCleanly() || peers.size() != items.size() || peers.isEmpty()
                || peers.size() > PeerIdentityTrustConfig.MAX_PEERS) {
            return Optional.empty();
        }
        return Optional.of(new PeerIdentityTrustConfig(peers));
    }

    private static Optional<PeerIdentityTrustConfig.TrustedPeer> peer(MapReader r) {
        String digest = r.string("cert_digest").orElse(null);
        if (digest != null && !DIGEST.matcher(digest).matches()) {
            r.invalid("cert_digest", "64 lower-case hex digits, the SHA-256 of the certificate's DER encoding "
                    + "(openssl x509 -noout -fingerprint -sha256, colons removed, lower-cased)");
            digest = null;
        }
        String organization = nonBlank(r, "organization");
        String serialText = nonBlank(r, "serial_number");
        String serial = serialText == null ? null : SerialNumbers.normalise(serialText);
        if (serialText != null && serial == null) {
            r.invalid("serial_number", "the serial in hex digits, optionally colon-separated");
        }
        boolean anyGiven = r.has("cert_digest") || r.has("organization") || r.has("serial_number");
        if (!anyGiven) {
            r.diagnostics().error(r.path(), r.line(),
                    "no identity field (expected: at least one of cert_digest, organization, serial_number)");
        }
        if (!r.finishCleanly() || !anyGiven) {
            return Optional.empty();
        }
        if (digest == null) {
            // Without the digest any certificate the client CA issues with these values passes.
            r.diagnostics().warn(r.path(), r.line(), "trusts a peer by organization or serial_number alone: any "
                    + "certificate the client CA issues with these values is admitted; set cert_digest to pin one");
        }
        return Optional.of(new PeerIdentityTrustConfig.TrustedPeer(digest, organization, serial));
    }

    private static String nonBlank(MapReader r, String key) {
        String value = r.string(key).orElse(null);
        if (value != null && (value.isBlank() || value.length() > PeerIdentityTrustConfig.MAX_VALUE_LENGTH)) {
            r.invalid(key, "1.." + PeerIdentityTrustConfig.MAX_VALUE_LENGTH + " characters, not blank");
            return null;
        }
        return value;
    }

    @Override
    public FilterDeclaration declare(PeerIdentityTrustConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY, FilterTrait.PEER_TRUST));
    }

    @Override
    public HttpFilter create(PeerIdentityTrustConfig config, FilterBuildContext context) {
        return new PeerIdentityTrustFilter(config);
    }
}
