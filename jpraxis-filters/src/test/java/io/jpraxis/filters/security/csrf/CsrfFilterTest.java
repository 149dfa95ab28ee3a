package io.jpraxis.filters.security.csrf;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.requestAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.filters.testing.FilterFixtures;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CsrfFilterTest {
    private static final String TRUSTED = "trusted_origins: [\"https://app.example.com\", \"https://*.example.org\"]\n";

    private static HttpFilter csrf(String yaml) {
        return build(new CsrfFactory(), yaml).accepted();
    }

    private static FilterAction post(HttpFilter filter, String... headers) {
        return filter.onRequest(requestAs("POST", "https", "/transfer", headers));
    }

    private static void assertRefused(FilterAction action, String reason) {
        assertThat(action).as("refused").isInstanceOf(FilterAction.Reject.class);
        FilterAction.Reject reject = (FilterAction.Reject) action;
        assertThat(reject.status()).isEqualTo(403);
        assertThat(reject.reason()).startsWith("csrf: request refused").contains(reason);
    }

    @Test
    void safeMethodsPassWhateverTheOrigin() {
        HttpFilter f = csrf(TRUSTED);
        for (String method : List.of("GET", "HEAD", "OPTIONS")) {
            assertThat(f.onRequest(requestAs(method, "https", "/", "Origin", "https://evil.example")))
                    .as(method).isEqualTo(FilterAction.CONTINUE);
        }
        assertRefused(f.onRequest(requestAs("TRACE", "https", "/", "Origin", "https://evil.example")),
                "origin not trusted");
    }

    @Test
    void trustedOriginPassesAndAnUntrustedOneIsRefused() {
        HttpFilter f = csrf(TRUSTED);
        assertThat(post(f, "Origin", "https://app.example.com")).isEqualTo(FilterAction.CONTINUE);
        assertThat(post(f, "Origin", "HTTPS://App.Example.com:443")).as("normalised").isEqualTo(FilterAction.CONTINUE);
        assertThat(post(f, "Origin", "https://a.example.org")).as("one wildcard label").isEqualTo(FilterAction.CONTINUE);
        for (String other : List.of("https://evil.example", "http://app.example.com", "https://a.b.example.org",
                "https://example.org", "https://app.example.com:8443")) {
            assertRefused(post(f, "Origin", other), "origin not trusted");
        }
    }

    @Test
    void withoutOriginTheRefererOriginIsChecked() {
        HttpFilter f = csrf(TRUSTED);
        assertThat(post(f, "Referer", "https://app.example.com/form?x=1")).isEqualTo(FilterAction.CONTINUE);
        assertThat(post(f, "Referer", "https://app.example.com#top")).isEqualTo(FilterAction.CONTINUE);
        assertRefused(post(f, "Referer", "https://evil.example/app.example.com"), "origin not trusted");
        assertRefused(post(f, "Referer", "https://app.example.com@evil.example/"), "no Origin or Referer");
        assertRefused(post(f, "Referer", "/relative"), "no Origin or Referer");
        assertThat(post(f, "Origin", "https://evil.example", "Referer", "https://app.example.com/"))
                .as("Origin wins over Referer").isNotEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void aRequestNamingNoOriginIsRefused() {
        assertRefused(post(csrf(TRUSTED)), "no Origin or Referer");
        assertRefused(post(csrf("trusted_origins: [\"*\"]\n")), "no Origin or Referer");
    }

    @Test
    void nullOriginIsRefusedEvenWithStarAndATrustedReferer() {
        assertRefused(post(csrf("trusted_origins: [\"*\"]\n"), "Origin", "null"), "null origin");
        assertRefused(post(csrf(TRUSTED), "Origin", "null", "Referer", "https://app.example.com/"), "null origin");
        assertThat(post(csrf("trusted_origins: [\"*\"]\n"), "Origin", "https://any.example"))
                .isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void nonAsciiOriginCountsAsAbsent() {
        HttpFilter f = csrf(TRUSTED);
        String latin1 = new String("https://\u00e9.example".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        assertRefused(post(f, "Origin", latin1), "no Origin or Referer");
        assertThat(post(f, "Origin", latin1, "Referer", "https://app.example.com/")).isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void secFetchSiteCrossSiteIsRefusedOnlyWhenEnabled() {
        assertThat(post(csrf(TRUSTED), "Origin", "https://app.example.com", "Sec-Fetch-Site", "cross-site"))
                .as("off by default").isEqualTo(FilterAction.CONTINUE);
        HttpFilter f = csrf(TRUSTED + "enable_sec_fetch_site: true\n");
        assertRefused(post(f, "Origin", "https://app.example.com", "Sec-Fetch-Site", "cross-site"), "Sec-Fetch-Site");
        for (String site : List.of("same-site", "same-origin", "none")) {
            assertThat(post(f, "Origin", "https://app.example.com", "Sec-Fetch-Site", site)).as(site)
                    .isEqualTo(FilterAction.CONTINUE);
        }
        assertRefused(post(f, "Origin", "https://evil.example", "Sec-Fetch-Site", "same-site"), "origin not trusted");
    }

    @Test
    void configuredSafeMethodsReplaceTheDefaultsCaseInsensitively() {
        HttpFilter f = csrf(TRUSTED + "safe_methods: [get, Report]\n");
        assertThat(f.onRequest(requestAs("REPORT", "https", "/", "Origin", "https://evil.example")))
                .isEqualTo(FilterAction.CONTINUE);
        assertRefused(f.onRequest(requestAs("OPTIONS", "https", "/", "Origin", "https://evil.example")),
                "origin not trusted");
    }

    @Test
    void zeroPercentSkipsTheOriginCheckButNotNullOriginOrSecFetchSite() {
        HttpFilter f = csrf(TRUSTED + "enforce_percentage: 0\nenable_sec_fetch_site: true\n");
        assertThat(post(f, "Origin", "https://evil.example")).isEqualTo(FilterAction.CONTINUE);
        assertThat(post(f)).isEqualTo(FilterAction.CONTINUE);
        assertRefused(post(f, "Origin", "null"), "null origin");
        assertRefused(post(f, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"), "Sec-Fetch-Site");
    }

    @Test
    void aPartialPercentageChecksSomeRequestsAndLetsOthersThrough() {
        HttpFilter f = csrf(TRUSTED + "enforce_percentage: 50\n");
        int refused = 0;
        for (int i = 0; i < 400; i++) {
            if (post(f, "Origin", "https://evil.example") != FilterAction.CONTINUE) {
                refused++;
            }
        }
        assertThat(refused).as("about half of 400 with the seeded source").isBetween(120, 280);
    }

    @Test
    void logOnlyLetsEveryViolationThrough() {
        InsecureOptions logOnly = new InsecureOptions(false, false, false, false, false, false, false, false, false,
                true, Set.of(), false);
        FilterBuildContext context = new FilterBuildContext(FeatureSet.NONE, logOnly, BodyLimits.DEFAULT, List.of(),
                FilterFixtures.services(), new ClusterStates());
        HttpFilter f = build(new CsrfFactory(), TRUSTED + "enable_sec_fetch_site: true\n", context).accepted();
        assertThat(post(f, "Origin", "https://evil.example")).isEqualTo(FilterAction.CONTINUE);
        assertThat(post(f)).isEqualTo(FilterAction.CONTINUE);
        assertThat(post(f, "Origin", "null")).isEqualTo(FilterAction.CONTINUE);
        assertThat(post(f, "Origin", "https://app.example.com", "Sec-Fetch-Site", "cross-site"))
                .isEqualTo(FilterAction.CONTINUE);
    }
}
