package io.jpraxis.server.explain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the DOT subset {@code explain --dot} writes (Graphviz grammar: digraph,
 * subgraphs, attribute statements, node and edge statements with attribute lists). It throws on
 * anything outside that grammar, so a test that reads the output also checks it parses.
 */
final class DotGraph {
    private static final Pattern TOKEN = Pattern.compile(
            "\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|->|[{}\\[\\]=;,]|[A-Za-z0-9_.]+)");

    final String name;
    final Map<String, Map<String, String>> nodes = new LinkedHashMap<>();
    final List<Edge> edges = new ArrayList<>();
    private final List<String> tokens;
    private int at;

    record Edge(String from, String to, Map<String, String> attributes) {
        String label() {
            return attributes.getOrDefault("label", "");
        }
    }

    private DotGraph(List<String> tokens) {
        this.tokens = tokens;
        expect("digraph");
        name = peek().equals("{") ? "" : id();
        statements();
        if (at != tokens.size()) {
            throw new IllegalArgumentException("text after the graph: " + tokens.subList(at, tokens.size()));
        }
    }

    static DotGraph parse(String text) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int end = 0;
        while (m.lookingAt()) {
            tokens.add(m.group(1));
            end = m.end();
            m.region(end, text.length());
        }
        if (!text.substring(end).isBlank()) {
            throw new IllegalArgumentException("not DOT at: " + text.substring(end, Math.min(text.length(), end + 40)));
        }
        return new DotGraph(tokens);
    }

    private void statements() {
        expect("{");
        while (!peek().equals("}")) {
            statement();
            if (peek().equals(";")) {
                at++;
            }
        }
        expect("}");
    }

    private void statement() {
        if (peek().equals("subgraph")) {
            at++;
            if (!peek().equals("{")) {
                id();
            }
            statements();
            return;
        }
        if (List.of("node", "edge", "graph").contains(peek()) && tokens.get(at + 1).equals("[")) {
            at++;
            attributes();
            return;
        }
        String first = id();
        if (peek().equals("=")) {
            at++;
            id();
            return;
        }
        List<String> chain = new ArrayList<>(List.of(first));
        while (peek().equals("->")) {
            at++;
            chain.add(id());
        }
        Map<String, String> attrs = peek().equals("[") ? attributes() : Map.of();
        if (chain.size() == 1) {
            nodes.put(first, attrs);
        }
        for (int i = 1; i < chain.size(); i++) {
            edges.add(new Edge(chain.get(i - 1), chain.get(i), attrs));
        }
    }

    private Map<String, String> attributes() {
        expect("[");
        Map<String, String> out = new LinkedHashMap<>();
        while (!peek().equals("]")) {
            String key = id();
            expect("=");
            out.put(key, id());
            if (peek().equals(",") || peek().equals(";")) {
                at++;
            }
        }
        expect("]");
        return out;
    }

    private String id() {
        String t = next();
        if (t.startsWith("\"")) {
            return t.substring(1, t.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
        }
        if (!t.matches("[A-Za-z0-9_.]+")) {
            throw new IllegalArgumentException("expected an id, got " + t + " at token " + (at - 1));
        }
        return t;
    }

    private void expect(String token) {
        String t = next();
        if (!t.equals(token)) {
            throw new IllegalArgumentException("expected " + token + ", got " + t + " at token " + (at - 1));
        }
    }

    private String peek() {
        if (at >= tokens.size()) {
            throw new IllegalArgumentException("unexpected end of graph");
        }
        return tokens.get(at);
    }

    private String next() {
        String t = peek();
        at++;
        return t;
    }
}
