package io.jpraxis.server.reload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * The names in the config file's directory whose change can change what the file reads: the
 * file's own name and, when the file is a symbolic link whose relative target starts with another
 * entry of the same directory, that entry. A Kubernetes ConfigMap mount is the case this exists
 * for: {@code config.yaml -> ..data/config.yaml}, {@code ..data -> ..2026_12_01_22_00_00.123}, and
 * an update renames a new {@code ..data} link over the old one, so only {@code ..data} changes.
 */
final class WatchedNames {
    private WatchedNames() {
    }

    /** The names to react to for {@code file} as it is now (an absolute, normalised path). */
    static Set<String> of(Path file) {
        String own = file.getFileName().toString();
        Path target;
        try {
            target = Files.readSymbolicLink(file);
        } catch (UnsupportedOperationException | IOException e) {
            return Set.of(own); // not a link (or gone for now): its own name is all there is
        }
        if (target.isAbsolute()) {
            return Set.of(own); // a link out of the directory: the poll backstop follows it
        }
        // ..data/config.yaml gives ..data; a link to a sibling file gives that file.
        return names(own, target.getName(0).toString());
    }

    private static Set<String> names(String own, String first) {
        if (first.equals(".") || first.equals("..") || first.equals(own)) { // no entry of this directory
            return Set.of(own);
        }
        return Set.of(own, first);
    }
}
