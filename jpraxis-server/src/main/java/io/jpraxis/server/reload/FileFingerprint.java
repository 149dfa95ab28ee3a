package io.jpraxis.server.reload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;

/**
 * What the polling backstop compares between two looks at the config file: modification time,
 * size and file key (the inode on Unix, through symbolic links), so a file replaced by an editor's
 * rename or a Kubernetes ConfigMap swap differs even when time and size happen to match.
 *
 * @param fileKey null where the file system has none, or when the file is missing
 * @param modified null when the file is missing
 */
record FileFingerprint(Object fileKey, FileTime modified, long size) {
    static final FileFingerprint MISSING = new FileFingerprint(null, null, -1);

    /** The file as it is now; {@link #MISSING} when it does not exist or cannot be read. */
    static FileFingerprint of(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return new FileFingerprint(attributes.fileKey(), attributes.lastModifiedTime(), attributes.size());
        } catch (IOException e) {
            return MISSING; // gone for now (an editor between delete and create); the reload will say why
        }
    }
}
