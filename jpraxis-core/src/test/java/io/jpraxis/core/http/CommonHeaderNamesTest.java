package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommonHeaderNamesTest {

    @Test
    void commonNamesInAnyCaseGiveTheSharedConstant() {
        String first = CommonHeaderNames.lowerCase(new StringBuilder("Content-Type"));
        String second = CommonHeaderNames.lowerCase("CONTENT-TYPE");
        assertThat(first).isEqualTo("content-type");
        assertThat(second).as("one instance for every spelling").isSameAs(first);
        assertThat(CommonHeaderNames.lowerCase("Host")).isEqualTo("host");
    }

    @Test
    void otherNamesAreLowerCased() {
        assertThat(CommonHeaderNames.lowerCase("X-Custom-Thing")).isEqualTo("x-custom-thing");
        assertThat(CommonHeaderNames.lowerCase("hosts")).as("a near miss is not the common name").isEqualTo("hosts");
        assertThat(CommonHeaderNames.lowerCase("Hos")).isEqualTo("hos");
    }
}
