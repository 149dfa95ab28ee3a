package io.jpraxis.extproc.stream;

import io.envoyproxy.envoy.service.ext_proc.v3.HeaderMutation;
import io.envoyproxy.envoy.service.ext_proc.v3.HttpHeaders;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.CanonicalPath;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.pipeline.execute.IngressPolicy;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A request Envoy sent, through the HTTP edge's ingress rules (see
 * docs/behaviour/routing-headers.md#reserved-header-prefixes,
 * docs/behaviour/routing-headers.md#headers-a-filter-owns): the pipeline's context, what Envoy
 * still holds (its headers and {@code :path}), and the client headers the rules stripped, which
 * reach Envoy as {@code remove_headers}. The context holds {@code :path} in its canonical form (see
 * docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding); when that differs from
 * Envoy's, the mutation sets it, so Envoy routes and forwards what the pipeline matched.
 *
 * @param refused the ingress rules' refusal (a reserved header), if any
 */
record AdmittedRequest(RequestContext ctx, HeaderMap envoyHeaders, String envoyTarget, Set<String> stripped,
        Optional<RequestOutcome.Reject> refused) implements Admission {

    static Admission of(HttpHeaders h, StreamSettings settings, String listener) {
        EnvoyRequest converted = HeaderConversion.request(h.getHeaders());
        RequestPath path;
        switch (CanonicalPath.of(converted.path(), converted.query())) {
            case RequestPath canonical -> path = canonical;
            case CanonicalPath.Refusal refusal -> {
                return new Admission.RefusedTarget(refusal.reason(), settings.services().ids().next());
            }
        }
        HeaderMap envoyHeaders = converted.headers().copy();
        HeaderMap working = converted.headers();
        Optional<RequestOutcome.Reject> refused = IngressPolicy.admit(working, settings.pipeline());
        Set<String> stripped = new TreeSet<>();
        envoyHeaders.forEach((name, value) -> {
            if (!working.contains(name)) {
                stripped.add(name);
            }
        });
        RequestContext ctx = new RequestContext(listener, converted.method(), path, converted.query(),
                converted.scheme(), converted.clientAddress(), working, settings.services().ids().next(),
                settings.services().clock().instant());
        return new AdmittedRequest(ctx, envoyHeaders, converted.target(), Set.copyOf(stripped), refused);
    }

    /**
     * The mutation from what Envoy holds to what the pipeline left, {@code :path} included when it
     * is not the canonical target (or a filter rewrote it).
     */
    HeaderMutation.Builder mutation() {
        HeaderMutation.Builder mutation = MutationDiff.of(envoyHeaders, ctx.headers(), stripped);
        if (!ctx.target().equals(envoyTarget)) {
            mutation.addSetHeaders(MutationDiff.option(HeaderConversion.PATH, ctx.target(), true));
        }
        return mutation;
    }
}
