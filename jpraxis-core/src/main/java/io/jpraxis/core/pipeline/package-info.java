/**
 * The compiled pipeline and the build SPI that produces it. {@link CompiledPipeline},
 * {@link CompiledFilter}, {@link BranchSpec} and their parts ({@link BodyPlan}, {@link BindingScan},
 * {@link PlacedEntry}) are the immutable model one listener serves from; a filter author implements
 * {@link FilterFactory}, returns a {@link FilterDeclaration}, and reads {@link FilterReadContext},
 * {@link FilterBuildContext} and {@link NestedPipelines}. The two live together because a
 * declaration is part of a compiled filter and a nested step holds a compiled pipeline.
 *
 * <p>The compilers ({@code core.pipeline.compile}), the executor ({@code core.pipeline.execute})
 * and the ordering checks ({@code core.pipeline.check}) each depend on this package and on no
 * other of the three besides: the compilers run the checks; the executor knows neither.
 */
package io.jpraxis.core.pipeline;
