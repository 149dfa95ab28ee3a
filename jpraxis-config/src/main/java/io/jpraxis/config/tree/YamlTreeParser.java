package io.jpraxis.config.tree;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Parses YAML text into a {@link ConfigNode} tree that remembers lines.
 *
 * <p>Runs the safety pre-checks before and while parsing: a size cap, a nesting cap, a cap on
 * aliases to collections and a cap on the node count after alias expansion, so a hostile
 * "billion laughs" document is refused rather than expanded. Aliases are resolved to the node
 * they name (a Praxis config may share an endpoint list through an anchor). Scalars resolve by
 * the YAML 1.2 core schema, as Praxis's parser does: {@code yes} is a string, not a boolean.
 * Duplicate keys are diagnostics.
 */
public final class YamlTreeParser {
    /** Larger documents are refused before parsing. */
    public static final int MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;
    /** Aliases that name a map or list; more are refused. */
    public static final int MAX_ALIASES = 50;
    /** Nodes the document holds once every alias is expanded; more are refused. */
    public static final int MAX_EXPANDED_NODES = 100_000;
    /**
     * Deepest nesting of maps and lists: the recursion limit of Praxis's parser. Ten levels of inline
     * branch chains (see docs/behaviour/branches.md#branch-chains) need about 70, so a lower cap would
     * refuse configs Praxis takes.
     */
    private static final int MAX_NESTING = 128;

    /** Parses {@code text}; returns null (with diagnostics) when the document is not usable. */
    public ConfigNode parse(String text, Diagnostics diagnostics) {
        if (text.length() > MAX_DOCUMENT_BYTES) {
            diagnostics.error(ConfigPath.root(), 0, "document is " + text.length()
                    + " characters (expected: at most " + MAX_DOCUMENT_BYTES + ")");
            return null;
        }
        Node root;
        try {
            LoaderOptions options = loaderOptions();
            Composer composer = new Composer(new ParserImpl(new StreamReader(text), options),
                    new CoreSchemaResolver(), options);
            root = composer.getSingleNode();
        } catch (MarkedYAMLException e) {
            diagnostics.error(ConfigPath.root(), line(e), "YAML syntax error: " + describe(e));
            return null;
        } catch (YAMLException e) {
            diagnostics.error(ConfigPath.root(), 0, "YAML refused: " + firstLine(e.getMessage()));
            return null;
        } catch (IllegalArgumentException e) {
            // SnakeYAML checks some tag spellings with IllegalArgumentException rather than a YAML
            // exception (a tag ending in a space, say); to the operator it is the same syntax error.
            diagnostics.error(ConfigPath.root(), 0, "YAML refused: " + firstLine(String.valueOf(e.getMessage())));
            return null;
        }
        if (root == null) {
            diagnostics.error(ConfigPath.root(), 1, "document is empty (expected: a map with at least 'listeners')");
            return null;
        }
        return new TreeBuilder(diagnostics, MAX_EXPANDED_NODES).build(root);
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(MAX_ALIASES);
        options.setNestingDepthLimit(MAX_NESTING);
        options.setAllowDuplicateKeys(true); // reported by TreeBuilder, with the path
        options.setAllowRecursiveKeys(false);
        options.setCodePointLimit(MAX_DOCUMENT_BYTES);
        options.setProcessComments(false);
        return options;
    }

    private static int line(MarkedYAMLException e) {
        Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        return mark == null ? 0 : mark.getLine() + 1;
    }

    /** "while parsing a flow sequence; expected ',' or ']', but got ':'" without the excerpt. */
    private static String describe(MarkedYAMLException e) {
        StringBuilder sb = new StringBuilder();
        if (e.getContext() != null) {
            sb.append(e.getContext());
        }
        if (e.getProblem() != null) {
            sb.append(sb.isEmpty() ? "" : "; ").append(e.getProblem());
        }
        return sb.isEmpty() ? "unreadable document" : sb.toString();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable document";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
