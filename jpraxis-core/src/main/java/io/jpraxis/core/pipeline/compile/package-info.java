/**
 * Turns a validated config into a {@code CompiledGateway}: {@link PipelineCompiler} flattens each
 * listener's chains ({@link LevelCompiler}, {@link BranchCompiler}, {@link NestedCompiler} for
 * nested steps and outbound chains), builds each entry's filter through its factory
 * ({@link FilterEntryBuilder}), plans the body modes and runs the ordering checks. Nothing here
 * runs at request time.
 */
package io.jpraxis.core.pipeline.compile;
