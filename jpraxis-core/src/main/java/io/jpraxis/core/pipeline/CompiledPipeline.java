package io.jpraxis.core.pipeline;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ErrorEnvelopeSource;
import io.jpraxis.core.filter.HttpFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One listener's immutable, flattened pipeline. Shared by every request of that listener (and by
 * the HTTP and ext_proc edges alike); per-request state lives in the executor's
 * {@code PipelineExecution} ({@code core.pipeline.execute}).
 */
public final class CompiledPipeline {
    private static final Logger log = LoggerFactory.getLogger(CompiledPipeline.class);

    private final String listener;
    private final CompiledFilter[] filters;
    /** Top-level filters and, after each, the filters of its branch sub-chains, depth first. */
    private final List<CompiledFilter> slots;
    private final int slotCount;
    private final Set<String> ownedRequestHeaders;
    private final boolean responseHooks;
    /** Per slot: whether its filter has a response hook (asked once here, never per request). */
    private final boolean[] responseHookSlots;
    /** The slots whose filter has a log hook, in slot order: the only ones an exchange's end calls. */
    private final CompiledFilter[] logHookSlots;
    private final BodyPlan body;
    private final BindingScan binding;
    /** The top-level filters that recognise a request's API for its error shape, in chain order. */
    private final ErrorEnvelopeSource[] envelopeSources;
    private final LongAdder logHookFailures = new LongAdder();

    /** A pipeline built in code, with the default body limits and nothing reported. */
    public CompiledPipeline(String listener, List<CompiledFilter> filters) {
        this(listener, filters, BodyLimits.DEFAULT);
    }

    /** A pipeline built in code under {@code limits} (an unbounded buffer is clamped, not refused). */
    public CompiledPipeline(String listener, List<CompiledFilter> filters, BodyLimits limits) {
        this(listener, filters, BodyPlanner.plan(filters, limits));
    }

    /** A pipeline and its body plan ({@link BodyPlanner}), reading no binding. */
    public CompiledPipeline(String listener, List<CompiledFilter> filters, BodyPlan body) {
        this(listener, filters, body, BindingScan.NONE);
    }

    /**
     * A pipeline, its body plan and what its {@link BindingScan} found: when it reads the binding
     * its routers publish one (see docs/behaviour/binding.md#when-a-pipeline-binds).
     */
    public CompiledPipeline(String listener, List<CompiledFilter> filters, BodyPlan body, BindingScan binding) {
        this.listener = listener;
        this.body = body;
        this.binding = binding;
        this.filters = filters.toArray(CompiledFilter[]::new);
        List<CompiledFilter> all = new ArrayList<>();
        filters.forEach(f -> collect(f, all));
        this.slots = List.copyOf(all);
        int highest = -1;
        Set<String> owned = new TreeSet<>();
        for (CompiledFilter f : slots) {
            highest = Math.max(highest, f.index());
            // The owned-header rule (see docs/behaviour/routing-headers.md#headers-a-filter-owns) holds
            // for branch filters too: a client copy is stripped whether or not it runs.
            owned.addAll(f.declaration().ownedRequestHeaders());
        }
        this.slotCount = highest + 1;
        this.ownedRequestHeaders = Set.copyOf(owned);
        // Response-body filters need the response phase too: their response_conditions gate their body hooks.
        boolean hooks = body.responseHooks();
        this.responseHookSlots = new boolean[slotCount];
        for (CompiledFilter f : slots) { // branch filters' response hooks unwind too
            responseHookSlots[f.index()] = f.declaration().responseHook();
            hooks |= responseHookSlots[f.index()];
        }
        this.responseHooks = hooks;
        this.logHookSlots = slots.stream().filter(f -> f.declaration().logHook()).toArray(CompiledFilter[]::new);
        this.envelopeSources = envelopeSources(filters);
    }

    /**
     * The top-level filters that offer an error shape, each followed by those of its iterative
     * router steps: a chain whose AI filters all sit in steps still answers in their API's shape.
     */
    private static ErrorEnvelopeSource[] envelopeSources(List<CompiledFilter> filters) {
        List<ErrorEnvelopeSource> out = new ArrayList<>();
        for (CompiledFilter f : filters) {
            if (f.filter() instanceof ErrorEnvelopeSource source) {
                out.add(source);
            }
            for (NestedStep step : f.declaration().nested().pipelines()) {
                if (step.kind() == NestedStep.Kind.STEP) {
                    out.addAll(List.of(step.pipeline().envelopeSources));
                }
            }
        }
        return out.toArray(ErrorEnvelopeSource[]::new);
    }

    /**
     * The error renderer the first of this pipeline's top-level {@link ErrorEnvelopeSource}s offers
     * for {@code ctx}, or null (see docs/behaviour/request-lifecycle.md#error-bodies).
     */
    public ErrorRenderer errorRendererFor(RequestContext ctx) {
        for (ErrorEnvelopeSource source : envelopeSources) {
            ErrorRenderer renderer = source.errorRenderer(ctx);
            if (renderer != null) {
                return renderer;
            }
        }
        return null;
    }

    /**
     * What this pipeline does with request and response bodies (see
     * docs/behaviour/body-access.md#access-and-delivery-modes).
     */
    public BodyPlan body() {
        return body;
    }

    /** Whether this pipeline reads the logical binding, and its cluster catalog. */
    public BindingScan binding() {
        return binding;
    }

    /**
     * Whether any filter may act on a response head. When none may, the response phase cannot
     * change a response and the edge relays the origin's head directly.
     */
    public boolean hasResponseHooks() {
        return responseHooks;
    }

    /** Whether the filter in {@code slot} has a response hook. */
    public boolean hasResponseHookAt(int slot) {
        return responseHookSlots[slot];
    }

    private static void collect(CompiledFilter f, List<CompiledFilter> out) {
        out.add(f);
        for (BranchSpec branch : f.branches()) {
            branch.filters().forEach(inner -> collect(inner, out));
        }
    }

    public String listener() {
        return listener;
    }

    /** The top-level filters, in pipeline order (index = position). */
    public List<CompiledFilter> filters() {
        return List.of(filters);
    }

    /** The compiled branches of the top-level filter at {@code index}, with their resolved rejoins. */
    public List<BranchSpec> branches(int index) {
        return filters[index].branches();
    }

    /**
     * Every slot: each top-level filter followed, depth first, by the filters of its branch
     * sub-chains (a filter of a chain expanded twice appears twice, as two instances).
     */
    public List<CompiledFilter> allSlots() {
        return slots;
    }

    /** The slots whose filter overrides {@code onLog}, in slot order: the shared array, read, never written. */
    public CompiledFilter[] logHookSlots() {
        return logHookSlots;
    }

    /** One more than the highest slot index: the size of per-request "ran" records. */
    public int slotCount() {
        return slotCount;
    }

    public CompiledFilter filter(int index) {
        return filters[index];
    }

    public int size() {
        return filters.length;
    }

    /**
     * Lower-case request headers that filters of this pipeline own (see
     * docs/behaviour/routing-headers.md#headers-a-filter-owns).
     */
    public Set<String> ownedRequestHeaders() {
        return ownedRequestHeaders;
    }

    /** How many {@code onLog} calls threw (each is also logged); exported as a metric. */
    public long logHookFailures() {
        return logHookFailures.sum();
    }

    public void logHookFailed() {
        logHookFailures.increment();
    }

    /** Starts every filter, branch filters included (once, before serving). */
    public void start() {
        for (CompiledFilter f : slots) {
            f.filter().start();
        }
    }

    /** Closes every filter, in reverse order; a failing close does not stop the others. */
    public void close() {
        for (int i = slots.size() - 1; i >= 0; i--) {
            HttpFilter filter = slots.get(i).filter();
            try {
                filter.close();
            } catch (RuntimeException e) {
                log.warn("closing filter {} of listener {} failed", filter.type(), listener, e);
            }
        }
    }
}
