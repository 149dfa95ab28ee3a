package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Properties of the canonical form over many paths built from the pieces path-guard bypasses are
 * made of. The seed is fixed, so a failure names an input that fails again.
 */
class CanonicalPathPropertyTest {
    private static final long SEED = 0x5eed_2023L;
    private static final int CASES = 20_000;
    private static final String[] PIECES = {
        "/", "/", "/", ".", "..", "%2e", "%2E", "%2e%2e", "%2f", "%5C", ";", ";x", ";a=1", "%41", "%61", "%7e",
        "%7E", "%3b", "%C3%A9", "%c3", "//", "a", "b", "admin", "x.y", "...", "-", "_", "~", "%25", "%", "%4",
        "%zz", "#", "\\", " ", "\u0001", "\u007f", "\u00e9", "%00", "?",
    };
    private static final Pattern UNRESERVED_ESCAPE = Pattern.compile("%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DEde]"
            + "|5[Ff]|7[Ee])");
    private static final Pattern LOWER_HEX_ESCAPE = Pattern.compile("%(?:[a-f].|.[a-f])");

    private static String randomPath(Random random) {
        StringBuilder path = new StringBuilder("/");
        int pieces = random.nextInt(12);
        for (int i = 0; i < pieces; i++) {
            path.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return path.toString();
    }

    @Test
    void canonicalPathsHoldTheInvariantsAndAreFixedPoints() {
        Random random = new Random(SEED);
        int accepted = 0;
        for (int i = 0; i < CASES; i++) {
            String raw = randomPath(random);
            if (!(CanonicalPath.path(raw) instanceof RequestPath path)) {
                continue;
            }
            accepted++;
            for (String form : new String[] {path.forward(), path.match()}) {
                assertThat(form).as("%s from %s starts with one slash", form, raw).startsWith("/");
                assertThat(form).as("%s from %s has no dot segment or empty segment", form, raw)
                        .doesNotContain("/./", "/../", "//").doesNotEndWith("/.").doesNotEndWith("/..");
                assertThat(UNRESERVED_ESCAPE.matcher(form).find()).as("%s from %s keeps no unreserved escape",
                        form, raw).isFalse();
                assertThat(LOWER_HEX_ESCAPE.matcher(form).find()).as("%s from %s has upper-case escapes only",
                        form, raw).isFalse();
            }
            assertThat(path.match()).as("match form of %s has no parameters", raw).doesNotContain(";");
            assertThat(CanonicalPath.path(path.forward())).as("canonicalising the canonical %s of %s changes nothing",
                    path.forward(), raw).isEqualTo(path).extracting(p -> ((RequestPath) p).match())
                    .isEqualTo(path.match());
            assertThat(((RequestPath) CanonicalPath.path(path.match())).forward())
                    .as("the match form of %s is canonical too", raw).isEqualTo(path.match());
            assertThat(path.match()).as("the match form of %s is its forward form without parameters", raw)
                    .isEqualTo(withoutParameters(path.forward()));
        }
        assertThat(accepted).as("the generator makes enough acceptable paths to mean something")
                .isGreaterThan(CASES / 10);
    }

    @Test
    void theOnePassCheckNeverDisagreesWithTheRebuild() {
        Random random = new Random(SEED + 1);
        for (int i = 0; i < CASES; i++) {
            String raw = randomPath(random);
            if (CanonicalPath.alreadyCanonical(raw)) {
                assertThat(CanonicalPath.rebuild(raw)).as("%s passed the one-pass check", raw)
                        .isInstanceOf(RequestPath.class)
                        .extracting(p -> ((RequestPath) p).match()).isEqualTo(raw);
                assertThat(((RequestPath) CanonicalPath.rebuild(raw)).forward()).isEqualTo(raw);
            } else if (CanonicalPath.rebuild(raw) instanceof RequestPath path) {
                assertThat(path.forward().equals(raw) && path.match().equals(raw))
                        .as("%s is canonical without parameters, yet the one-pass check missed it", raw)
                        .isFalse();
            }
        }
    }

    @Test
    void aPathThatClimbsAboveTheRootIsNeverAccepted() {
        Random random = new Random(SEED + 2);
        for (int i = 0; i < CASES; i++) {
            String raw = randomPath(random);
            if (CanonicalPath.path(raw) instanceof RequestPath && climbsAboveRoot(raw)) {
                throw new AssertionError(raw + " climbs above the root, yet was accepted");
            }
        }
    }

    /** A plain reference: decode the dot escapes, merge slashes, count depth. */
    private static boolean climbsAboveRoot(String raw) {
        int depth = 0;
        for (String segment : raw.replace("%2e", ".").replace("%2E", ".").split("/")) {
            if (segment.equals("..")) {
                if (--depth < 0) {
                    return true;
                }
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                depth++;
            }
        }
        return false;
    }

    private static String withoutParameters(String forward) {
        String stripped = forward.replaceAll(";[^/]*", "").replaceAll("/{2,}", "/");
        return stripped.isEmpty() ? "/" : stripped;
    }
}
