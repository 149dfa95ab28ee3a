package io.jpraxis.server.arch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One main-code Java file read for the architecture tests: its package and every qualified name
 * its code writes, in import lines and in code alike. Comments, string and character literals and
 * text blocks are blanked first, so a name mentioned in prose does not count and a name written
 * in code does, wherever it stands.
 *
 * @param path the file
 * @param pkg its package
 * @param names every qualified name in {@code io.jpraxis}, {@code io.netty} or {@code io.grpc}
 */
record JavaSource(Path path, String pkg, List<QualifiedName> names) {
    /** A name that starts a qualified name (not the tail of a longer one, as in grpc's shaded Netty). */
    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.])io\\.(?:jpraxis|netty|grpc)(?:\\.\\w+)+");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

    /**
     * One qualified name as written.
     *
     * @param line 1-based line of the file
     * @param imported whether it stands in an {@code import} line
     */
    record QualifiedName(int line, String name, boolean imported) {
        /** Whether it names {@code prefix} or something inside it ({@code io.jpraxis.ai} covers {@code io.jpraxis.ai.X}). */
        boolean within(String prefix) {
            return name.equals(prefix) || name.startsWith(prefix + ".");
        }
    }

    /** Every {@code .java} file under {@code module}'s {@code src/main/java}, sorted by path. */
    static List<JavaSource> mainSources(Path root, String module) {
        Path src = root.resolve(module).resolve("src/main/java");
        if (!Files.isDirectory(src)) {
            throw new IllegalStateException("module sources missing: " + src);
        }
        try (Stream<Path> files = Files.walk(src)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().map(JavaSource::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JavaSource read(Path file) {
        String code;
        try {
            code = blankNonCode(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher pkg = PACKAGE.matcher(code);
        String packageName = pkg.find() ? pkg.group(1) : "";
        List<QualifiedName> names = new ArrayList<>();
        String[] lines = code.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("package ")) {
                continue;
            }
            boolean imported = line.startsWith("import ");
            Matcher m = QUALIFIED.matcher(line);
            while (m.find()) {
                names.add(new QualifiedName(i + 1, m.group(), imported));
            }
        }
        return new JavaSource(file, packageName, List.copyOf(names));
    }

    /**
     * {@code text} with comments and literals replaced by spaces, line breaks kept (so line
     * numbers stay true). A small lexer: a regular expression cannot tell {@code '"'} from the
     * start of a string, nor a {@code //} inside a string from a comment.
     */
    static String blankNonCode(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int end;
            if (text.startsWith("//", i)) {
                end = indexOrEnd(text, "\n", i);
            } else if (text.startsWith("/*", i)) {
                end = indexOrEnd(text, "*/", i + 2) + 2;
            } else if (text.startsWith("\"\"\"", i)) {
                end = closing(text, "\"\"\"", i + 3);
            } else if (c == '"' || c == '\'') {
                end = closing(text, String.valueOf(c), i + 1);
            } else {
                out.append(c);
                i++;
                continue;
            }
            end = Math.min(end, n);
            for (int k = i; k < end; k++) {
                out.append(text.charAt(k) == '\n' ? '\n' : ' ');
            }
            i = end;
        }
        return out.toString();
    }

    private static int indexOrEnd(String text, String what, int from) {
        int at = text.indexOf(what, from);
        return at < 0 ? text.length() : at;
    }

    /** Just past the unescaped {@code quote} that closes a literal opened before {@code from}. */
    private static int closing(String text, String quote, int from) {
        int i = from;
        while (i < text.length()) {
            if (text.charAt(i) == '\\') {
                i += 2;
            } else if (text.startsWith(quote, i)) {
                return i + quote.length();
            } else {
                i++;
            }
        }
        return text.length();
    }
}
