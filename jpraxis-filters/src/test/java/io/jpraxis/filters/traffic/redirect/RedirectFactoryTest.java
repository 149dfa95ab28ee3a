package io.jpraxis.filters.traffic.redirect;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.filters.testing.FilterFixtures.Built;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedirectFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new RedirectFactory(), yaml).refused();
    }

    @Test
    void unknownKeyIsRejectedWithItsPath() {
        assertThat(refused("location: /x\nallowed_host: [a.com]\n"))
                .containsExactly("line 2: " + AT + "allowed_host: unknown key (did you mean 'allowed_hosts'?)");
    }

    @Test
    void locationIsRequired() {
        assertThat(refused("status: 302\n")).singleElement().asString().contains(AT + "location: missing");
    }

    @Test
    void unknownPlaceholdersAreRefusedByName() {
        assertThat(refused("location: \"https://x${pth}${query}${Host}\"\n")).singleElement().asString()
                .contains(AT + "location: \"https://x${pth}${query}${Host}\" (expected: placeholders among "
                        + "${path}, ${query}, ${host}, ${scheme}; not ${pth}, ${Host})");
    }

    @Test
    void unterminatedPlaceholderIsRefused() {
        assertThat(refused("location: \"https://x${path\"\n")).singleElement().asString()
                .contains("not ${path (unterminated)");
    }

    @Test
    void locationMustNotCarryLineBreaks() {
        assertThat(refused("location: \"/x\\r\\nSet-Cookie: a=b\"\n")).singleElement().asString()
                .contains(AT + "location:").contains("without control characters");
    }

    @Test
    void onlyRedirectStatusesAreAccepted() {
        for (String status : List.of("200", "303", "404", "\"301\"", "301.0")) {
            assertThat(refused("location: /x\nstatus: " + status + "\n")).as(status).singleElement().asString()
                    .contains(AT + "status: " + status + " (expected: 301 | 302 | 307 | 308)");
        }
    }

    @Test
    void allowedHostsMustBeHostPatterns() {
        List<String> errors = refused("""
                location: "https://${host}/"
                allowed_hosts: ["example.com:443", "*", "a*.example.com", ok.example.com, 7]
                """);
        assertThat(errors).hasSize(4);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("allowed_hosts[0]: \"example.com:443\" (expected: "
                        + "a host name without a port; '*' only as a leading '*.')"))
                .anySatisfy(e -> assertThat(e).contains("allowed_hosts[1]: \"*\""))
                .anySatisfy(e -> assertThat(e).contains("allowed_hosts[2]: \"a*.example.com\""))
                .anySatisfy(e -> assertThat(e).contains("allowed_hosts[4]: 7 (expected: a string)"));
    }

    @Test
    void hostPlaceholderWithoutAllowedHostsIsAcceptedWithAWarning() {
        Built built = build(new RedirectFactory(), "location: \"https://${host}${path}\"\n");
        built.accepted();
        assertThat(built.warnings()).singleElement().asString()
                .contains(AT + "location: ${host} without allowed_hosts");
    }

    @Test
    void allowedHostsWithoutHostPlaceholderIsAcceptedWithAWarning() {
        Built built = build(new RedirectFactory(), "location: https://example.com/\nallowed_hosts: [example.com]\n");
        built.accepted();
        assertThat(built.warnings()).singleElement().asString().contains(AT + "allowed_hosts: allowed_hosts has no effect");
    }

    @Test
    void everyProblemIsReportedInOnePass() {
        List<String> errors = refused("""
                location: "${nope}"
                status: 303
                allowed_hosts: ["bad host"]
                """);
        assertThat(errors).hasSize(3);
    }
}
