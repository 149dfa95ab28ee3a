package io.jpraxis.server.arch;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The package graph of one module's main code (an edge where a file of one package names a type
 * of another package of the same module, by import or fully qualified) and its cycles: each
 * strongly connected set of two or more packages, with one reference per edge inside it.
 */
final class PackageCycles {
    /** One reference that makes an edge: where it is written and the name it writes. */
    record Witness(Path file, int line, String name) {
        @Override
        public String toString() {
            return file + ":" + line + " names " + name;
        }
    }

    /** Packages that reach each other, and for each edge among them one reference that makes it. */
    record Cycle(SortedSet<String> packages, Map<String, Map<String, Witness>> edges) {
        /** The packages, then one line per edge: {@code a -> b: File.java:12 names a.b.Type}. */
        String describe(Path root) {
            StringBuilder out = new StringBuilder("packages " + packages + " depend on each other:");
            edges.forEach((from, targets) -> targets.forEach((to, w) -> out.append("\n    ").append(from)
                    .append(" -> ").append(to).append(": ").append(root.relativize(w.file())).append(':')
                    .append(w.line()).append(" names ").append(w.name())));
            return out.toString();
        }
    }

    private final Map<String, Map<String, Witness>> edges = new TreeMap<>();

    /** The graph of {@code sources}, all of one module. */
    PackageCycles(List<JavaSource> sources) {
        Set<String> packages = new HashSet<>();
        sources.forEach(s -> packages.add(s.pkg()));
        for (JavaSource s : sources) {
            for (JavaSource.QualifiedName q : s.names()) {
                String target = packageOf(q.name(), packages);
                if (target != null && !target.equals(s.pkg())) {
                    edges.computeIfAbsent(s.pkg(), k -> new TreeMap<>())
                            .putIfAbsent(target, new Witness(s.path(), q.line(), q.name()));
                }
            }
        }
    }

    /** The longest package of the module that {@code name} lies in, or null (another module's). */
    private static String packageOf(String name, Set<String> packages) {
        String candidate = name;
        while (true) {
            if (packages.contains(candidate)) {
                return candidate;
            }
            int dot = candidate.lastIndexOf('.');
            if (dot < 0) {
                return null;
            }
            candidate = candidate.substring(0, dot);
        }
    }

    /** Every cycle, in package order (Tarjan's strongly connected components). */
    List<Cycle> cycles() {
        Tarjan tarjan = new Tarjan();
        Set<String> nodes = new TreeSet<>(edges.keySet());
        edges.values().forEach(t -> nodes.addAll(t.keySet()));
        nodes.forEach(v -> {
            if (!tarjan.index.containsKey(v)) {
                tarjan.visit(v);
            }
        });
        List<Cycle> cycles = new ArrayList<>();
        for (SortedSet<String> component : tarjan.components) {
            Map<String, Map<String, Witness>> inside = new TreeMap<>();
            for (String from : component) {
                edges.getOrDefault(from, Map.of()).forEach((to, w) -> {
                    if (component.contains(to)) {
                        inside.computeIfAbsent(from, k -> new TreeMap<>()).put(to, w);
                    }
                });
            }
            cycles.add(new Cycle(component, inside));
        }
        cycles.sort((a, b) -> a.packages().first().compareTo(b.packages().first()));
        return cycles;
    }

    private final class Tarjan {
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> low = new HashMap<>();
        final Deque<String> stack = new ArrayDeque<>();
        final Set<String> onStack = new HashSet<>();
        final List<SortedSet<String>> components = new ArrayList<>();

        void visit(String v) {
            index.put(v, index.size());
            low.put(v, index.get(v));
            stack.push(v);
            onStack.add(v);
            for (String w : edges.getOrDefault(v, Map.of()).keySet()) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                SortedSet<String> component = new TreeSet<>();
                String w;
                do {
                    w = stack.pop();
                    onStack.remove(w);
                    component.add(w);
                } while (!w.equals(v));
                if (component.size() > 1) {
                    components.add(component);
                }
            }
        }
    }
}
