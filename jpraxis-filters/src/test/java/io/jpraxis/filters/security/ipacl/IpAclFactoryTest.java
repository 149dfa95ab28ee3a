package io.jpraxis.filters.security.ipacl;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.filters.testing.FilterFixtures;
import org.junit.jupiter.api.Test;

class IpAclFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    @Test
    void bothListsNonEmptyIsRefusedAskingToChoose() {
        assertThat(build(new IpAclFactory(), "allow: [10.0.0.0/8]\ndeny: [10.1.0.0/16]\n").refused())
                .singleElement().asString().contains(AT + "deny").contains("choose allow or deny");
    }

    @Test
    void anUnparsableEntryNamesItsIndexAndValue() {
        assertThat(build(new IpAclFactory(), "deny: [10.0.0.0/8, 10.0.0.0/40]\n").refused())
                .singleElement().asString().contains(AT + "deny[1]").contains("10.0.0.0/40")
                .contains("CIDR");
    }

    @Test
    void unknownKeysAreRefused() {
        assertThat(build(new IpAclFactory(), "allows: []\n").refused())
                .singleElement().asString().contains(AT + "allows: unknown key");
    }

    @Test
    void emptyOptionsBuildAnOpenSecurityFilter() {
        FilterFixtures.Built built = build(new IpAclFactory(), "{}\n");
        assertThat(built.declaration().traits()).contains(FilterTrait.SECURITY);
        assertThat(built.filter()).isPresent();
    }
}
