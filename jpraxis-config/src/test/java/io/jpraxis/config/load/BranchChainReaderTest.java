package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.dump.ConfigYamlWriter;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BranchChainConfig;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.OnResultConfig;
import io.jpraxis.config.model.RejoinConfig;
import io.jpraxis.config.model.ResultMatch;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a branch's YAML becomes: the typed model the pipeline compiler resolves. */
class BranchChainReaderTest {
    private static List<BranchChainConfig> branches(String branchChains) {
        LoadResult result = new ConfigLoader().load("""
                listeners:
                  - {name: web, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains:
                  - name: util
                    conditions:
                      - when: {path_prefix: /api}
                    filters:
                      - filter: headers
                  - name: main
                    filters:
                      - filter: headers
                        name: host
                        branch_chains:
                %s
                """.formatted(branchChains.indent(10).stripTrailing()), FeatureSet.NONE);
        assertThat(result.diagnostics().errors()).isEmpty();
        return result.config().filterChains().get(1).filters().getFirst().branchChains();
    }

    @Test
    void chainsKeepTheirOrderAndInlineChainsTheirEntries() {
        BranchChainConfig b = branches("""
                - name: b
                  chains:
                    - util
                    - name: inline
                      filters:
                        - filter: headers
                          name: inner
                          branch_chains:
                            - {name: nested, chains: [util]}
                """).getFirst();

        assertThat(b.chains()).hasSize(2);
        assertThat(b.chains().get(0)).isInstanceOfSatisfying(ChainRef.Named.class,
                named -> assertThat(named.chain()).isEqualTo("util"));
        assertThat(b.chains().get(1)).isInstanceOfSatisfying(ChainRef.Inline.class, inline -> {
            assertThat(inline.name()).isEqualTo("inline");
            FilterEntryConfig inner = inline.filters().getFirst();
            assertThat(inner.name()).isEqualTo("inner");
            assertThat(inner.branchChains()).extracting(BranchChainConfig::name).containsExactly("nested");
        });
        assertThat(b.onResult()).as("unconditional").isNull();
        assertThat(b.rejoin()).isEqualTo(RejoinConfig.NEXT);
        assertThat(b.maxIterations()).isNull();
    }

    @Test
    void onResultReadsEveryOperatorAndScalarsAsText() {
        List<BranchChainConfig> all = branches("""
                - {name: a, chains: [util], on_result: {filter: headers, result: hit}}
                - {name: b, chains: [util], on_result: {filter: headers, key: code, result: 200}}
                - {name: c, chains: [util], on_result: {filter: headers, key: cached, result: true}}
                - {name: d, chains: [util], on_result: {filter: headers, result: {contains: gpt}}}
                - {name: e, chains: [util], on_result: {filter: headers, result: {not: ok}}}
                - {name: f, chains: [util], on_result: {filter: headers, result: {any_of: [x, 7]}}}
                """);

        assertThat(all).extracting(BranchChainConfig::onResult).extracting(OnResultConfig::result).containsExactly(
                new ResultMatch.Exact("hit"), new ResultMatch.Exact("200"), new ResultMatch.Exact("true"),
                new ResultMatch.Contains("gpt"), new ResultMatch.Not("ok"), new ResultMatch.AnyOf(List.of("x", "7")));
        assertThat(all).extracting(BranchChainConfig::onResult).extracting(OnResultConfig::key)
                .as("key defaults to status").containsExactly("status", "code", "cached", "status", "status", "status");
    }

    @Test
    void rejoinNamesTheKindOrAnEntry() {
        List<BranchChainConfig> all = branches("""
                - {name: a, chains: [util], rejoin: next}
                - {name: b, chains: [util], rejoin: terminal}
                - {name: c, chains: [util], rejoin: client}
                - {name: d, chains: [util], rejoin: host, max_iterations: 5}
                """);

        assertThat(all.subList(0, 3)).extracting(BranchChainConfig::rejoin)
                .containsExactly(RejoinConfig.NEXT, RejoinConfig.TERMINAL, RejoinConfig.TERMINAL);
        assertThat(all.get(3).rejoin()).isInstanceOfSatisfying(RejoinConfig.Target.class, t -> {
            assertThat(t.entryName()).isEqualTo("host");
            assertThat(t.source().path().toString()).isEqualTo("filter_chains[1].filters[0].branch_chains[3].rejoin");
        });
        assertThat(all.get(3).maxIterations()).isEqualTo(5);
    }

    @Test
    void aDumpWritesDefaultsOutAndLoadsBackTheSame() {
        LoadResult first = new ConfigLoader().load("""
                listeners:
                  - {name: web, address: "127.0.0.1:8080", filter_chains: [main]}
                filter_chains:
                  - name: util
                    filters:
                      - filter: headers
                  - name: main
                    filters:
                      - filter: headers
                        branch_chains:
                          - name: b
                            on_result: {filter: headers, result: {any_of: [a, b]}}
                            chains: [util, {name: inline, filters: [{filter: headers, response_set: []}]}]
                """, FeatureSet.NONE);
        String dumped = new ConfigYamlWriter().write(first.config());
        LoadResult again = new ConfigLoader().load(dumped, FeatureSet.NONE);

        assertThat(dumped).as(dumped).contains("key: status").contains("rejoin: next");
        assertThat(again.diagnostics().errors()).isEmpty();
        assertThat(new ConfigYamlWriter().write(again.config())).isEqualTo(dumped);
    }
}
