package io.jpraxis.filters.security.credentialinjection;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CredentialInjectionFilterTest {
    private static final HttpFilter FILTER = build(new CredentialInjectionFactory(Map.of("K", "env-key")::get), """
            clusters:
              - {name: openai, header: Authorization, value: sk-inline, header_prefix: "Bearer "}
              - {name: internal, header: X-Api-Key, env_var: K}
            """).accepted();

    private static RequestContext to(String cluster, String... headers) {
        RequestContext ctx = request("/v1", headers);
        if (cluster != null) {
            ctx.cluster(cluster);
        }
        return ctx;
    }

    @Test
    void replacesEveryClientValueOfTheHeaderForItsCluster() {
        RequestContext ctx = to("openai", "Authorization", "Bearer client", "authorization", "Basic dup");
        assertThat(FILTER.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().getAll("authorization")).containsExactly("Bearer sk-inline");

        RequestContext other = to("internal");
        FILTER.onRequest(other);
        assertThat(other.headers().get("x-api-key")).isEqualTo("env-key");
    }

    @Test
    void withoutAClusterOrARuleTheRequestIsUntouched() {
        RequestContext none = to(null, "Authorization", "Bearer client");
        FILTER.onRequest(none);
        assertThat(none.headers().get("authorization")).isEqualTo("Bearer client");
        RequestContext unlisted = to("elsewhere", "Authorization", "Bearer client");
        FILTER.onRequest(unlisted);
        assertThat(unlisted.headers().get("authorization")).isEqualTo("Bearer client");
    }

    @Test
    void theHeaderIsRemovedFromTheUpstreamResponseOfAnInjectedCluster() {
        ResponseHead echoed = new ResponseHead(200, new HeaderMap().add("x-api-key", "env-key").add("x-other", "1"),
                false);
        FILTER.onResponse(to("internal"), echoed);
        assertThat(echoed.headers().get("x-api-key")).isNull();
        assertThat(echoed.headers().get("x-other")).isEqualTo("1");

        ResponseHead untouched = new ResponseHead(200, new HeaderMap().add("x-api-key", "theirs"), false);
        FILTER.onResponse(to("elsewhere"), untouched);
        assertThat(untouched.headers().get("x-api-key")).isEqualTo("theirs");
    }

    @Test
    void theFilterNeverPrintsACredential() {
        assertThat(FILTER.toString() + FILTER.config()).doesNotContain("sk-inline").doesNotContain("env-key");
    }
}
