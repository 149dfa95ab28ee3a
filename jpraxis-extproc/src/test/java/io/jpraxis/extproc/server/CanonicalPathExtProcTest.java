package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EmulatedResult;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import io.jpraxis.extproc.emulator.Upstream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The canonical path (see docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding) on
 * the ext_proc edge: Envoy's {@code :path} is matched in its canonical form, a path without one is
 * an ImmediateResponse 400 before any filter, and when the canonical form differs from what Envoy
 * holds the header mutation sets it, so Envoy routes and forwards what was matched.
 */
class CanonicalPathExtProcTest {
    private static final String CONFIG = """
            filter_chains:
              - name: main
                filters:
                  - filter: static_response
                    conditions:
                      - when: { path_prefix: /admin }
                    status: 403
                    body: "forbidden\\n"
                  - filter: headers
                    request_set:
                      - { name: x-seen-by, value: jpraxis }
            """;

    private static RunningExtProc server;

    @BeforeAll
    static void start() {
        server = RunningExtProc.start(CONFIG);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static EnvoyEmulator envoy() {
        return server.envoy().mode(EnvoyEmulator.mode(BodySendMode.NONE, HeaderSendMode.SEND, BodySendMode.NONE))
                .upstream(Upstream.canned(200, List.of(Map.entry("content-type", "text/plain")), "hello"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"//admin", "/./admin", "/x/../admin", "/%61dmin", "/admin;x", "/api/../admin?q=1"})
    void everySpellingOfAGuardedPathMeetsTheGuard(String path) throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult r = envoy.run(EmulatedRequest.get(path));
            assertThat(r.immediateStatus()).as("%s is /admin for the rules", path).isEqualTo(403);
            assertThat(r.upstreamHeaders()).as("%s was not forwarded", path).isNull();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/%2e%2e/admin", "/../admin", "/admin%2F", "/admin#x", "/a\\b", "/a%zz", "/a%00",
        "/caf\u00e9", "/a\u0001", "/a?q=\u007f"})
    void aPathWithoutASafeCanonicalFormIsAnImmediate400(String path) throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult r = envoy.run(EmulatedRequest.get(path));
            assertThat(r.immediateStatus()).as("%s is refused", path.replaceAll("\\p{Cntrl}", "?")).isEqualTo(400);
            assertThat(r.immediateHeaders()).containsEntry("content-type", "application/problem+json");
            assertThat(r.immediateBodyText()).as("the reason names the problem").contains("\"detail\":\"request ");
            assertThat(r.upstreamHeaders()).as("nothing was forwarded").isNull();
        }
    }

    @Test
    void aNonCanonicalPathIsForwardedInItsCanonicalForm() throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/ok;x//y/./%7ez?q=%2F..//"));
            assertThat(r.upstreamHeader(":path")).as("the mutation set the canonical :path; the query as sent")
                    .isEqualTo("/ok;x/y/~z?q=%2F..//");
            assertThat(r.upstreamHeader("x-seen-by")).isEqualTo("jpraxis");
        }
    }

    @Test
    void aCanonicalPathIsNotRewritten() throws Exception {
        try (EnvoyEmulator envoy = envoy()) {
            EmulatedResult r = envoy.run(EmulatedRequest.get("/ok/y?q=1"));
            assertThat(r.upstreamHeader(":path")).isEqualTo("/ok/y?q=1");
            assertThat(r.replies()).as("no :path in the mutation when Envoy already holds the canonical one")
                    .noneMatch(CanonicalPathExtProcTest::setsPath);
        }
    }

    private static boolean setsPath(ProcessingResponse reply) {
        return reply.getRequestHeaders().getResponse().getHeaderMutation().getSetHeadersList().stream()
                .anyMatch(h -> h.getHeader().getKey().equals(":path"));
    }
}
