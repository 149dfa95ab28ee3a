package io.jpraxis.filters.transform.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import org.junit.jupiter.api.Test;

class RegexRewriteTest {

    private static RegexRewrite rewrite(String pattern, String replacement) {
        Pattern p = Pattern.compile(pattern);
        Diagnostics d = new Diagnostics();
        Replacement r = Replacement.parse(replacement, p, ConfigPath.root(), 1, d).orElseThrow();
        return new RegexRewrite(p, r);
    }

    @Test
    void dollarSyntaxFollowsPraxis() {
        assertThat(rewrite("^/(?P<a>x)(y)", "/${a}$2$$-$").apply("/xyz", false)).isEqualTo("/xy$-$z");
        assertThat(rewrite("(x)", "${1}_old").apply("x", false)).isEqualTo("x_old");
        assertThat(rewrite("(x)", "$").apply("x", false)).as("a lone dollar is itself").isEqualTo("$");
    }

    @Test
    void anOptionalGroupThatDidNotTakePartInsertsNothing() {
        assertThat(rewrite("^/a(b)?", "/c$1").apply("/a/d", false)).isEqualTo("/c/d");
    }

    @Test
    void emptyMatchesAdvanceInsteadOfLooping() {
        assertThat(rewrite("x*", "-").apply("/ab", true)).isEqualTo("-/-a-b-");
    }

    @Test
    void aMissingGroupIsReportedAtItsPath() {
        Diagnostics d = new Diagnostics();
        assertThat(Replacement.parse("$name", Pattern.compile("(a)"), ConfigPath.root().key("replacement"), 4, d))
                .isEmpty();
        assertThat(d.errors()).singleElement().asString().contains("replacement").contains("group 'name'");
    }
}
