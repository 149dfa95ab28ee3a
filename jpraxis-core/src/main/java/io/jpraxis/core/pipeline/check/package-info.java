/**
 * The ordering checks of a compiled pipeline (see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph,
 * docs/behaviour/ordering-checks.md#the-ordering-checks): the small top-level control-flow graph,
 * one class per rule family over it, and the runner that applies the {@code insecure_options} skip
 * flags and {@code skip_pipeline_validation}. They run once per listener at every build (validate,
 * serve, reload), after the pipeline compiled without errors, and report every finding of every
 * listener together.
 */
package io.jpraxis.core.pipeline.check;
