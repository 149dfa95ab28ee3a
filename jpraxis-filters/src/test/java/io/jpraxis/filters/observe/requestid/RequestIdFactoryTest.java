package io.jpraxis.filters.observe.requestid;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RequestIdFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new RequestIdFactory(), yaml).refused();
    }

    @Test
    void headerNameDefaultsToPraxisXRequestId() {
        RequestIdFilter filter = (RequestIdFilter) build(new RequestIdFactory(), "{}\n").accepted();
        assertThat(filter.config()).isEqualTo(new RequestIdConfig("X-Request-ID"));
    }

    @Test
    void customHeaderNameIsKeptAsWritten() {
        RequestIdFilter filter = (RequestIdFilter) build(new RequestIdFactory(), "header_name: X-Correlation-ID\n")
                .accepted();
        assertThat(filter.config().headerName()).isEqualTo("X-Correlation-ID");
    }

    @Test
    void headerNameMustBeAUsableHeader() {
        for (String name : List.of("\"a b\"", "host", "Content-Length", "connection", "x-praxis-id", "\"\"")) {
            assertThat(refused("header_name: " + name + "\n")).as(name).singleElement().asString()
                    .contains(AT + "header_name: ")
                    .contains("(expected: " + RequestIdFactory.HEADER_EXPECTATION + ")");
        }
    }

    @Test
    void headerNameMayNotBeACredentialHeader() {
        // A client's key in such a header would be kept as the id, echoed back and written to the access log.
        for (String name : List.of("Authorization", "proxy-authorization", "cookie", "set-cookie", "X-API-Key",
                "api-key")) {
            assertThat(refused("header_name: " + name + "\n")).as(name).singleElement().asString()
                    .contains(AT + "header_name: \"" + name + "\"")
                    .contains("(expected: " + RequestIdFactory.HEADER_EXPECTATION + ")");
        }
    }

    @Test
    void headerNameMustBeAString() {
        assertThat(refused("header_name: [x]\n")).singleElement().asString()
                .contains(AT + "header_name: [...] (expected: a string)");
    }

    @Test
    void unknownKeyIsRejectedWithItsPath() {
        assertThat(refused("header: x-id\n")).singleElement().asString()
                .startsWith("line 1: " + AT + "header: unknown key");
    }
}
