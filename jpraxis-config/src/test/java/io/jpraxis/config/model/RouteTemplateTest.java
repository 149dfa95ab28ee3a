package io.jpraxis.config.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RouteTemplateTest {
    private final RouteTemplate users = new RouteTemplate("/v1/users/{id}", Arrays.asList("v1", "users", null));

    @Test
    void aPlaceholderTakesAnyOneSegmentAndLiteralsMustBeEqual() {
        assertThat(users.matches("/v1/users/42")).isTrue();
        assertThat(users.matches("/v1/users/abc-def")).isTrue();
        assertThat(users.matches("/v1/user/42")).as("a literal differs").isFalse();
        assertThat(users.matches("/v1/usersx/42")).as("a longer segment").isFalse();
        assertThat(users.matches("/v1/users")).as("one segment short").isFalse();
        assertThat(users.matches("/v1/users/42/posts")).as("one segment more").isFalse();
    }

    @Test
    void emptySegmentsDoNotCount() {
        assertThat(users.matches("/v1/users/42/")).as("a trailing slash").isTrue();
        assertThat(users.matches("//v1//users/42")).isTrue();
        assertThat(new RouteTemplate("/", Arrays.asList()).matches("/")).isTrue();
        assertThat(new RouteTemplate("/", Arrays.asList()).matches("/a")).isFalse();
    }
}
