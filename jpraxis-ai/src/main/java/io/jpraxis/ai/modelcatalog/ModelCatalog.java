package io.jpraxis.ai.modelcatalog;

import io.jpraxis.ai.candidate.AdmissionState;
import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.SnapshotSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The models a catalog lists now (see docs/reference/filters/model_catalog.md#what-it-lists): its
 * own, in config order, then each model the pipeline's {@code intelligent_route} candidates name
 * that some candidate admits new requests for, in pipeline and candidate order, each id once (the
 * first wins). A candidate model's {@code owned_by} is the first such candidate's cluster, the
 * provider it goes to. Read per request from each route's current snapshot, so an overlay change
 * shows in the next listing; a reload builds a new catalog reading the new routes.
 */
final class ModelCatalog {
    private final ModelCatalogConfig config;
    /** A live view: every route of the pipeline, whichever side of the catalog it stands. */
    private final List<SnapshotSource> sources;

    ModelCatalog(ModelCatalogConfig config, List<SnapshotSource> sources) {
        this.config = config;
        this.sources = sources;
    }

    /** Every listed model, in listing order. */
    List<ModelCatalogConfig.Model> models() {
        return List.copyOf(byId().values());
    }

    /** The listed model with this exact id. */
    Optional<ModelCatalogConfig.Model> find(String id) {
        return Optional.ofNullable(byId().get(id));
    }

    private Map<String, ModelCatalogConfig.Model> byId() {
        Map<String, ModelCatalogConfig.Model> out = new LinkedHashMap<>();
        config.models().forEach(m -> out.putIfAbsent(m.id(), m));
        for (SnapshotSource source : sources) {
            for (Candidate c : source.current().candidates()) {
                if (c.kind() == CandidateKind.INFERENCE_MODEL && c.admission() == AdmissionState.NEW_AND_EXISTING) {
                    out.putIfAbsent(c.name(), new ModelCatalogConfig.Model(c.name(), c.cluster(), config.created()));
                }
            }
        }
        return out;
    }
}
