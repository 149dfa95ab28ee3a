package io.jpraxis.it;

import io.jpraxis.ai.credentialinject.CredentialMetadata;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A test filter type standing in for {@code intelligent_route}'s credential hand-off: it publishes
 * the credential reference metadata from the request header {@code x-test-credential}, written
 * {@code strategy/name/namespace/key[/header]}; an empty part is left out (an incomplete
 * reference), and no header publishes nothing.
 */
final class CredentialRefFactory implements OneStepFactory {
    static final String TYPE = "test_credential_ref";
    private static final List<String> KEYS = List.of(CredentialMetadata.STRATEGY, CredentialMetadata.NAME,
            CredentialMetadata.NAMESPACE, CredentialMetadata.KEY, CredentialMetadata.HEADER);

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        options.finish();
        return Optional.of(new HttpFilter() {
            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return Map.of();
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                String ref = ctx.headers().get("x-test-credential");
                if (ref == null) {
                    return FilterAction.CONTINUE;
                }
                String[] parts = ref.split("/", -1);
                for (int i = 0; i < parts.length && i < KEYS.size(); i++) {
                    if (!parts[i].isEmpty()) {
                        ctx.metadata().put(KEYS.get(i), parts[i]);
                    }
                }
                return FilterAction.CONTINUE;
            }
        });
    }
}
