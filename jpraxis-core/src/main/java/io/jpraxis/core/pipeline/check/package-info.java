/**
 * The ordering checks of a compiled pipeline (spec 6.10, 6.11): the small top-level control-flow
 * graph, one class per rule family over it, and the runner that applies the
 * {@code insecure_options} skip flags and {@code skip_pipeline_validation}. They run once per
 * listener at every build (validate, serve, reload), after the pipeline compiled without errors,
 * and report every finding of every listener together.
 */
package io.jpraxis.core.pipeline.check;
