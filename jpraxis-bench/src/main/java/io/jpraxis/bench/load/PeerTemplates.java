package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders the peer configs in {@code bench/peers/}: each {@code @NAME@} placeholder is replaced,
 * and one left unreplaced is an error rather than a server failing to start on a cryptic line.
 */
public final class PeerTemplates {
    private static final Pattern PLACEHOLDER = Pattern.compile("@[A-Z0-9_]+@");

    private PeerTemplates() {
    }

    /** {@code template} with every {@code @KEY@} replaced by {@code values.get(KEY)}. */
    public static String render(String template, Map<String, String> values) {
        String text = template;
        for (Map.Entry<String, String> e : values.entrySet()) {
            text = text.replace("@" + e.getKey() + "@", e.getValue());
        }
        Matcher left = PLACEHOLDER.matcher(text);
        if (left.find()) {
            throw new IllegalArgumentException("peer config: placeholder " + left.group()
                    + " has no value (expected one of " + values.keySet() + ")");
        }
        return text;
    }

    /** Renders {@code peersDir/name} into {@code runDir/name} and returns the written file. */
    public static Path renderFile(Path peersDir, String name, Path runDir, Map<String, String> values)
            throws IOException {
        Path out = runDir.resolve(name);
        Files.writeString(out, render(Files.readString(peersDir.resolve(name)), values));
        return out;
    }
}
