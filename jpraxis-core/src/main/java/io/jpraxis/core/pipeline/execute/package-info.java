/**
 * Runs a compiled pipeline for one request: {@link PipelineExecution} walks the request phase
 * (filter calls, branches, the binding freeze and the bound body barrier, body hooks) and the
 * response phase, and ends in a {@link RequestOutcome} or a {@link ResponseOutcome}. It reads the
 * compiled model only and never a compiler or the config.
 */
package io.jpraxis.core.pipeline.execute;
