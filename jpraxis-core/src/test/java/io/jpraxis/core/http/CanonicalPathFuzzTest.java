package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * {@link CanonicalPath} on any target: it refuses or gives two forms that are canonical already
 * (canonicalising either again changes nothing), that hold no {@code /./}, {@code /../} or
 * {@code //} and do not end in {@code /.} or {@code /..}, that carry only printable ASCII, and whose
 * match form has no {@code ;} and is the forward form without its parameters (a segment
 * left empty by that merged into its neighbour). Input: the target's
 * characters as the edge sees them (one per byte), the path split from the query at the first '?'.
 */
class CanonicalPathFuzzTest {

    @FuzzTest
    void anyTargetIsRefusedOrCanonical(byte[] bytes) {
        StringBuilder target = new StringBuilder(bytes.length);
        for (byte b : bytes) {
            target.append((char) (b & 0xff)); // ISO-8859-1, as Netty's decoders hand the target over
        }
        check(target.toString());
    }

    private static void check(String target) {
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String query = q < 0 ? null : target.substring(q + 1);
        CanonicalPath.Result result = CanonicalPath.of(path, query);
        switch (result) {
            case CanonicalPath.Refusal refusal -> assertThat(refusal.reason()).as("a refusal says why").isNotBlank();
            case RequestPath canonical -> {
                String forward = canonical.forward();
                String match = canonical.match();
                if (forward.equals("*")) {
                    assertThat(match).as("asterisk-form").isEqualTo("*");
                    return;
                }
                for (String form : new String[] {forward, match}) {
                    assertThat(form).as("%s: absolute", target).startsWith("/");
                    assertThat(form).as("%s: no dot segment or empty segment", target)
                            .doesNotContain("/./").doesNotContain("/../").doesNotContain("//");
                    assertThat(form.endsWith("/.") || form.endsWith("/..")).as("%s: no trailing dot segment", target).isFalse();
                    assertThat(form.chars().allMatch(c -> c > 0x20 && c < 0x7f)).as("%s: printable ASCII only", target).isTrue();
                }
                assertThat(match).as("%s: the match form has no parameters", target).doesNotContain(";");
                assertThat(match).as("%s: match is forward without parameters (segments left empty merged)", target)
                        .isEqualTo(forward.replaceAll(";[^/]*", "").replaceAll("/{2,}", "/"));
                RequestPath again = (RequestPath) CanonicalPath.path(forward);
                assertThat(again.forward()).as("%s: canonicalising twice changes nothing", target).isEqualTo(forward);
                assertThat(again.match()).as("%s: the match form is stable too", target).isEqualTo(match);
            }
        }
    }
}
