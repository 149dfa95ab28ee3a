package io.jpraxis.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the documentation leads somewhere: a file that exists and, with an
 * anchor, a heading of that file (anchors as GitHub makes them). Code comments and
 * {@code docs/citations.tsv} point into {@code docs/} the same way, so they are held to it too.
 */
class DocsLinksTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern MARKDOWN_LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.+?) *#*$");
    private static final Pattern DOCS_REFERENCE = Pattern.compile("\\bdocs/[\\w./-]+\\.md(?:#[\\w-]+)?");

    private final Map<Path, Set<String>> anchors = new HashMap<>();

    @Test
    void markdownLinksLeadToFilesAndHeadings() throws IOException {
        List<Path> pages = new ArrayList<>(markdownUnder(ROOT.resolve("docs")));
        pages.add(ROOT.resolve("README.md"));
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            Matcher m = MARKDOWN_LINK.matcher(prose(Files.readString(page)));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z][a-z0-9+.-]*:.*")) {
                    continue; // https:, mailto: ... are not ours to check
                }
                links++;
                String resolved = target.startsWith("#") ? page.getFileName() + target : target;
                check(page.getParent(), resolved, ROOT.relativize(page) + ": " + target, broken);
            }
        }
        assertThat(links).as("the README and docs/ link to each other").isPositive();
        assertThat(broken).as("links to a missing file or heading").isEmpty();
    }

    @Test
    void citationTableLinksLeadToHeadings() throws IOException {
        List<String> broken = new ArrayList<>();
        List<String> rows = Files.readAllLines(ROOT.resolve("docs/citations.tsv"));
        for (String row : rows.subList(1, rows.size())) {
            String[] columns = row.split("\t");
            if (columns.length > 1) {
                check(ROOT, columns[1], "docs/citations.tsv, " + columns[0] + ": " + columns[1], broken);
            }
        }
        assertThat(broken).as("citations.tsv rows whose section is gone").isEmpty();
    }

    @Test
    void codeReferencesToDocsLeadToHeadings() throws IOException {
        List<String> broken = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !ROOT.relativize(p).toString().contains("target/"))
                    .forEach(p -> {
                        Matcher m = DOCS_REFERENCE.matcher(read(p));
                        while (m.find()) {
                            check(ROOT, m.group(), ROOT.relativize(p) + ": " + m.group(), broken);
                        }
                    });
        }
        assertThat(broken).as("code comments pointing to a missing docs page or section").isEmpty();
    }

    private void check(Path base, String target, String where, List<String> broken) {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = base.resolve(file).normalize();
        if (file.isEmpty() || !Files.exists(resolved)) {
            broken.add(where + " (no such file)");
        } else if (hash >= 0 && resolved.toString().endsWith(".md")
                && !anchorsOf(resolved).contains(target.substring(hash + 1))) {
            broken.add(where + " (no such heading)");
        }
    }

    private Set<String> anchorsOf(Path page) {
        return anchors.computeIfAbsent(page, p -> {
            Set<String> found = new HashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            boolean fenced = false;
            for (String line : read(p).split("\n", -1)) {
                if (line.startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                Matcher m = HEADING.matcher(line);
                if (!fenced && m.matches()) {
                    String slug = slug(m.group(1));
                    int n = seen.merge(slug, 1, Integer::sum) - 1;
                    found.add(n == 0 ? slug : slug + "-" + n);
                }
            }
            return found;
        });
    }

    /** GitHub's heading anchor: lower case, punctuation dropped (but - and _), spaces to hyphens. */
    static String slug(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\- _]", "").replace(' ', '-');
    }

    @Test
    void slugsFollowGitHubsRules() {
        assertThat(slug("Bound-upstream request body and `model_rewrite`"))
                .isEqualTo("bound-upstream-request-body-and-model_rewrite");
        assertThat(slug("Envoy external processor: `jpraxis extproc`"))
                .isEqualTo("envoy-external-processor-jpraxis-extproc");
        assertThat(slug("Example: a bound condition")).isEqualTo("example-a-bound-condition");
    }

    /** The text outside fenced blocks and inline code, where a link is a link. */
    private static String prose(String markdown) {
        return markdown.replaceAll("(?ms)^```.*?^```", "").replaceAll("`[^`\n]*`", "");
    }

    private static List<Path> markdownUnder(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
