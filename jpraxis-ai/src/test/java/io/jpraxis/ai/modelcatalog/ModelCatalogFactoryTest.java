package io.jpraxis.ai.modelcatalog;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.AiFilters;
import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.ai.testing.AiFixtures.Built;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.FilterFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each config rule of {@code model_catalog} (see docs/reference/filters/model_catalog.md#keys). */
class ModelCatalogFactoryTest {

    private static Built build(String yaml) {
        return AiFixtures.build(new ModelCatalogFactory(), yaml);
    }

    private static String refused(String yaml) {
        return String.join("\n", build(yaml).refused());
    }

    @Test
    void defaultsAreTheOpenAiPathCreatedZeroAndNoModelsOfItsOwn() {
        Built built = build("{}");

        assertThat(built.accepted().config()).isEqualTo(new ModelCatalogConfig("/v1/models", 0, List.of()));
        assertThat(built.declared().traits()).as("answers locally, lists the pipeline's models, selects no cluster")
                .containsExactlyInAnyOrder(FilterTrait.MAY_ANSWER, FilterTrait.LISTS_MODELS);
    }

    @Test
    void ownModelsTakeTheCatalogsCreatedAndADefaultOwner() {
        Built built = build("path: /openai/v1/models\ncreated: 1700000000\nmodels:\n"
                + "  - {id: gpt-4o, owned_by: openai}\n  - {id: local-llama, created: 5}\n");

        assertThat(built.accepted().config()).isEqualTo(new ModelCatalogConfig("/openai/v1/models", 1_700_000_000,
                List.of(new ModelCatalogConfig.Model("gpt-4o", "openai", 1_700_000_000),
                        new ModelCatalogConfig.Model("local-llama", "jpraxis", 5))));
        assertThat(built.declared().traits()).as("with models of its own it needs no intelligent_route")
                .containsExactly(FilterTrait.MAY_ANSWER);
    }

    @Test
    void thePathMustBeCanonicalWithoutATrailingSlashOrQuery() {
        for (String bad : new String[] {"v1/models", "/v1/models/", "/v1/models?x=1", "/v1//models", "/v1/./models",
                "/v1/mo dels", "/", "/v1;x/models"}) {
            assertThat(refused("path: '" + bad + "'")).as(bad).contains(AT + "path").contains("canonical absolute path");
        }
    }

    @Test
    void createdMustBeAnIntegerAJsonNumberHoldsExactly() {
        assertThat(refused("created: -1")).contains(AT + "created");
        assertThat(refused("created: 9007199254740992")).contains(AT + "created");
        assertThat(refused("models:\n  - {id: m, created: x}\n")).contains(AT + "models[0].created");
    }

    @Test
    void aModelNeedsAnIdAndIdsAreUnique() {
        assertThat(refused("models:\n  - {owned_by: me}\n")).contains(AT + "models[0].id");
        assertThat(refused("models:\n  - {id: a}\n  - {id: b}\n  - {id: a}\n"))
                .as("the duplicate is reported naming the first holder").contains(AT + "models[2].id")
                .contains("models[0] has it");
    }

    @Test
    void blankIdsAndOwnersAreRefused() {
        String errors = refused("models:\n  - {id: ' '}\n  - {id: m, owned_by: ''}\n");
        assertThat(errors).contains(AT + "models[0].id").contains(AT + "models[1].owned_by").contains("not blank");
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        String errors = refused("path: nope\ncreated: -5\nmodels:\n  - {id: a, colour: red}\n");
        assertThat(errors).as("all three, not the first only").contains(AT + "path").contains(AT + "created")
                .contains(AT + "models[0].colour");
    }

    @Test
    void unknownKeysAreRefused() {
        assertThat(refused("paths: /v1/models\n")).contains(AT + "paths").contains("unknown key");
    }

    @Test
    void itIsRegisteredAmongTheAiFilters() {
        assertThat(AiFilters.all()).extracting(FilterFactory::type).as("sorted, one of each")
                .containsExactly("api_key_auth", "credential_inject", "intelligent_route", "model_catalog",
                        "model_rewrite", "model_to_header", "provider_route", "time_to_first_token", "token_count",
                        "token_usage_headers");
    }
}
