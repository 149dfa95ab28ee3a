package io.jpraxis.server.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.keys.KeyTable;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.ReferenceSections;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.GatewayFilters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the key tables of {@code docs/reference/**} equal to the descriptors the readers read
 * by, so a key a reader accepts is on its page. Run with {@code -Djpraxis.writeReferencePages=true}
 * to rewrite the tables (and create missing pages) instead of failing.
 */
class ReferencePagesTest {
    private static final Path REFERENCE = Path.of("..", "docs", "reference");
    private static final boolean WRITE = Boolean.getBoolean("jpraxis.writeReferencePages");
    private static final FilterRegistry REGISTRY = FilterRegistry.withBuiltIns(GatewayFilters.all());

    /** Every page that must exist, by path, with the descriptor of its table. */
    private static Map<Path, ObjectDescriptor> described() {
        Map<Path, ObjectDescriptor> pages = new TreeMap<>();
        ReferenceSections.all().forEach((name, d) -> pages.put(REFERENCE.resolve("config").resolve(name + ".md"), d));
        for (String type : REGISTRY.types()) {
            REGISTRY.find(type).flatMap(FilterFactory::options)
                    .ifPresent(d -> pages.put(REFERENCE.resolve("filters").resolve(type + ".md"), d));
        }
        return pages;
    }

    @Test
    void everyDescribedSectionAndFilterHasAPageWhoseTableMatches() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Path, ObjectDescriptor> e : described().entrySet()) {
            String expected = KeyTable.render(e.getValue());
            Path page = e.getKey();
            if (!Files.exists(page)) {
                if (WRITE) {
                    writeNewPage(page, e.getValue(), expected);
                    continue;
                }
                problems.add(page + " is missing; its key table should be:\n" + expected);
                continue;
            }
            String text = Files.readString(page);
            Optional<String> table = table(text);
            if (table.isPresent() && table.get().equals(expected)) {
                continue;
            }
            if (WRITE && table.isPresent()) {
                Files.writeString(page, replaceTable(text, expected));
                continue;
            }
            problems.add(page + (table.isEmpty() ? " has no " + KeyTable.BEGIN + " ... " + KeyTable.END + " block"
                    : "'s key table differs from its descriptor") + "; it should be:\n" + expected);
        }
        assertThat(problems).as("reference pages out of step with the key descriptors").isEmpty();
    }

    @Test
    void everyPageWithAKeyTableNamesASectionOrARegisteredFilter() throws IOException {
        List<String> stray = new ArrayList<>();
        try (Stream<Path> files = Files.walk(REFERENCE)) {
            for (Path page : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                if (table(Files.readString(page)).isEmpty()) {
                    continue;
                }
                String name = page.getFileName().toString().replaceFirst("\\.md$", "");
                String folder = page.getParent().getFileName().toString();
                boolean known = switch (folder) {
                    case "config" -> ReferenceSections.all().containsKey(name);
                    case "filters" -> REGISTRY.find(name).isPresent();
                    default -> false;
                };
                if (!known) {
                    stray.add(page.toString());
                }
            }
        }
        assertThat(stray).as("pages with a key table for no config section or registered filter type").isEmpty();
    }

    private static Optional<String> table(String text) {
        int begin = text.indexOf(KeyTable.BEGIN);
        int end = text.indexOf(KeyTable.END);
        if (begin < 0 || end < begin) {
            return Optional.empty();
        }
        return Optional.of(text.substring(begin + KeyTable.BEGIN.length(), end).strip() + "\n");
    }

    private static String replaceTable(String text, String table) {
        int begin = text.indexOf(KeyTable.BEGIN) + KeyTable.BEGIN.length();
        return text.substring(0, begin) + "\n" + table + text.substring(text.indexOf(KeyTable.END));
    }

    private static void writeNewPage(Path page, ObjectDescriptor d, String table) throws IOException {
        String name = page.getFileName().toString().replaceFirst("\\.md$", "");
        Files.createDirectories(page.getParent());
        Files.writeString(page, "# `" + name + "`\n\n" + d.description() + "\n\n## Keys\n\n" + KeyTable.BEGIN + "\n"
                + table + KeyTable.END + "\n");
    }
}
