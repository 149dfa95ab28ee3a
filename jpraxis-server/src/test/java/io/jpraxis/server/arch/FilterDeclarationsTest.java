package io.jpraxis.server.arch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.NestedStep;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Holds every shipped filter's {@link FilterDeclaration} to the hooks its class overrides. The
 * executor calls a response, log or body hook only when the declaration asks for it, so a hook the
 * declaration forgets never runs, and a declared hook the class lacks costs every request (a
 * buffered body, a response view) for nothing. The declarations are taken from real builds: every
 * config under {@code examples/}, the valid fixtures and the reference pages' examples, walking
 * branch sub-chains and nested pipelines. Reflection finds the overrides here, and only here: the
 * gateway itself never asks a class what it overrides.
 */
class FilterDeclarationsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);

    /**
     * Filter types that may override a hook yet declare none for some entries, each with the
     * reason; {@code "hook:type"}. A hook not listed here is declared exactly when overridden.
     */
    private static final Map<String, String> NO_HOOK_ON_PURPOSE = Map.of(
            "onResponse:headers", "an entry without response_* rules has nothing to do on the response, so it "
                    + "declares no response hook and a pipeline of such entries skips the response phase",
            "onRequestBody:guardrails", "only request body rules need the body read: header rules alone leave it "
                    + "streaming",
            "onRequestBody:token_rate_limit", "only a rule that estimates from the body needs it read: fixed "
                    + "estimates decide on the headers and leave the body streaming",
            "onResponse:guardrails", "only response header rules need the response hook",
            "onResponseBody:guardrails", "only response body rules withhold the response body");

    /** A config that builds and where it came from. */
    private record Source(String name, String yaml, FeatureSet features) {
    }

    /** One built filter: where it sits and what its factory declared. */
    private record Slot(String source, CompiledFilter compiled) {
        HttpFilter filter() {
            return compiled.filter();
        }

        FilterDeclaration declaration() {
            return compiled.declaration();
        }

        String where() {
            return source + ": " + filter().type() + " (" + filter().getClass().getName() + ")";
        }
    }

    private static List<Slot> slots;

    @BeforeAll
    static void buildEverySource() throws IOException {
        slots = slots();
    }

    @Test
    void everyBuiltFilterDeclaresExactlyTheHooksItsClassOverrides() {
        List<String> problems = new ArrayList<>();
        for (Slot slot : slots) {
            check(slot, problems);
        }
        assertThat(problems).as("declarations that disagree with the hooks their classes override").isEmpty();
    }

    @Test
    void theConfigsBuildEveryShippedFilterType() {
        Set<String> built = new TreeSet<>();
        slots.forEach(s -> built.add(s.filter().type()));
        Set<String> shipped = new TreeSet<>(GatewayFilters.all().stream().map(FilterFactory::type).toList());
        assertThat(built).as("shipped filter types some example, fixture or reference page builds, so their "
                + "declarations are checked").containsAll(shipped);
    }

    @Test
    void everyExemptionNamesAShippedTypeAndARuntimeHook() {
        Set<String> shipped = new TreeSet<>(GatewayFilters.all().stream().map(FilterFactory::type).toList());
        Set<String> hooks = Set.of("onResponse", "onRequestBody", "onResponseBody", "onBoundUpstreamRequestBody");
        for (String key : NO_HOOK_ON_PURPOSE.keySet()) {
            String[] hookAndType = key.split(":", 2);
            assertThat(hooks).as("hook of exemption " + key).contains(hookAndType[0]);
            assertThat(shipped).as("type of exemption " + key).contains(hookAndType[1]);
        }
    }

    private static void check(Slot slot, List<String> problems) {
        HttpFilter filter = slot.filter();
        FilterDeclaration d = slot.declaration();
        hook(slot, "onResponse", overrides(filter, "onResponse", RequestContext.class, ResponseHead.class),
                d.responseHook(), "responseHook", problems);
        hook(slot, "onRequestBody", overrides(filter, "onRequestBody", RequestContext.class, BodyChunk.class),
                d.requestBody().access() != BodyAccess.NONE, "requestBody access", problems);
        hook(slot, "onResponseBody", overrides(filter, "onResponseBody", RequestContext.class, BodyChunk.class),
                d.responseBody().access() != BodyAccess.NONE, "responseBody access", problems);
        hook(slot, "onBoundUpstreamRequestBody",
                overrides(filter, "onBoundUpstreamRequestBody", RequestContext.class, BodyChunk.class),
                d.boundUpstream().bodyAccess() != BodyAccess.NONE, "boundUpstream bodyAccess", problems);
        boolean overridesLog = overrides(filter, "onLog", RequestContext.class, ExchangeSummary.class);
        if (overridesLog != d.logHook()) {
            problems.add(slot.where() + (overridesLog ? " overrides onLog but does not declare logHook"
                    : " declares logHook but does not override onLog"));
        }
        boolean overridesAsync = overrides(filter, "onRequestAsync", RequestContext.class);
        if (filter.isAsync() && !overridesAsync) {
            problems.add(slot.where() + " says isAsync but does not override onRequestAsync");
        }
        if (overridesAsync && !overrides(filter, "isAsync")) {
            problems.add(slot.where() + " overrides onRequestAsync, which never runs without isAsync");
        }
    }

    /**
     * A declared hook must be overridden; an overridden one must be declared unless the type's
     * exemption says why this entry needs none.
     */
    private static void hook(Slot slot, String hook, boolean overridden, boolean declared, String component,
            List<String> problems) {
        if (declared && !overridden) {
            problems.add(slot.where() + " declares " + component + " but does not override " + hook);
        } else if (overridden && !declared && !NO_HOOK_ON_PURPOSE.containsKey(hook + ":" + slot.filter().type())) {
            problems.add(slot.where() + " overrides " + hook + " but does not declare " + component
                    + " (the hook would never run)");
        }
    }

    /** Whether {@code filter}'s class (or a superclass) overrides {@code HttpFilter}'s default {@code method}. */
    private static boolean overrides(HttpFilter filter, String method, Class<?>... parameters) {
        try {
            return filter.getClass().getMethod(method, parameters).getDeclaringClass() != HttpFilter.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("HttpFilter." + method + " not found", e);
        }
    }

    /** Every filter of every source's build, each build required to succeed. */
    private static List<Slot> slots() throws IOException {
        List<Slot> slots = new ArrayList<>();
        for (Source source : sources()) {
            CompileResult result = new GatewayBuilder(source.features(), RuntimeServices.system()).build(source.yaml());
            assertThat(result.diagnostics().errors().stream().map(Diagnostic::render).toList())
                    .as(source.name() + " builds").isEmpty();
            CompiledGateway gateway = result.gateway();
            try {
                for (CompiledGateway.Listener listener : gateway.listeners()) {
                    collect(source.name(), listener.pipeline(), slots);
                }
            } finally {
                gateway.close();
            }
        }
        return slots;
    }

    /** Every slot of {@code pipeline}, branch sub-chains included, then those of its nested pipelines. */
    private static void collect(String source, CompiledPipeline pipeline, List<Slot> out) {
        for (CompiledFilter f : pipeline.allSlots()) {
            out.add(new Slot(source, f));
            for (NestedStep step : f.declaration().nested().pipelines()) {
                collect(source, step.pipeline(), out);
            }
        }
    }

    private static List<Source> sources() throws IOException {
        List<Source> sources = new ArrayList<>();
        for (Path file : yamlFiles(ROOT.resolve("examples"), 1)) {
            // A file an example names as "examples/..." (an overlay) is relative to the repository root.
            String text = Files.readString(file).replace("\"examples/", "\"" + ROOT.resolve("examples") + "/");
            sources.add(new Source(ROOT.relativize(file).toString(), text, features(text)));
        }
        for (Path file : yamlFiles(ROOT.resolve("jpraxis-server/src/test/resources/config/valid"), Integer.MAX_VALUE)) {
            String text = Files.readString(file);
            if (!text.contains("filter: test_")) {
                sources.add(new Source(ROOT.relativize(file).toString(), text, features(text)));
            }
        }
        // A page's example is a whole config when it has listeners; the page names the features it needs
        // in prose, so these build with every feature on.
        FeatureSet all = FeatureSet.of(Feature.values());
        Map<String, String> pages = new TreeMap<>();
        try (Stream<Path> files = Files.list(ROOT.resolve("docs/reference/filters"))) {
            for (Path page : files.filter(p -> p.toString().endsWith(".md")).toList()) {
                pages.put(ROOT.relativize(page).toString(), Files.readString(page));
            }
        }
        pages.forEach((name, text) -> {
            Matcher m = YAML_BLOCK.matcher(text);
            for (int i = 0; m.find(); i++) {
                if (m.group(1).contains("listeners:")) {
                    // Like the examples, a page's "examples/..." file is relative to the repository root.
                    String yaml = m.group(1).replace("\"examples/", "\"" + ROOT.resolve("examples") + "/");
                    sources.add(new Source(name + " example " + i, yaml, all));
                }
            }
        });
        return sources;
    }

    private static List<Path> yamlFiles(Path dir, int depth) throws IOException {
        try (Stream<Path> files = Files.walk(dir, depth)) {
            List<Path> list = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
            assertThat(list).as("configs under " + dir).isNotEmpty();
            return list;
        }
    }

    /** The features a {@code # features: a,b} line asks for (none by default). */
    private static FeatureSet features(String text) {
        return FeatureSet.parse(text.lines().filter(l -> l.startsWith("# features: "))
                .map(l -> l.substring("# features: ".length())).findFirst().orElse(""));
    }
}
