package io.jpraxis.config.tls;

import io.jpraxis.config.tls.TlsFileException.Problem;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.openssl.PEMParser;

/** The objects of one PEM file, with unreadable files and malformed PEM reported against the file. */
final class PemObjects {
    private PemObjects() {
    }

    static List<Object> read(Path path) throws TlsFileException {
        String text = new String(bytes(path), StandardCharsets.ISO_8859_1);
        List<Object> objects = new ArrayList<>();
        try (PEMParser parser = new PEMParser(new StringReader(text))) {
            for (Object object = parser.readObject(); object != null; object = parser.readObject()) {
                objects.add(object);
            }
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            // PEMParser reports bad base64, a missing END line and a block it cannot decode this way.
            throw new TlsFileException(path, Problem.MALFORMED_PEM, "malformed PEM: " + e.getMessage(), e);
        }
        return objects;
    }

    /** DER starts with an ASN.1 SEQUENCE tag; used only to hint at a conversion. */
    static boolean looksLikeDer(Path path) {
        try {
            byte[] bytes = Files.readAllBytes(path);
            return bytes.length > 1 && bytes[0] == 0x30;
        } catch (IOException e) {
            return false;
        }
    }

    private static byte[] bytes(Path path) throws TlsFileException {
        try {
            if (Files.isDirectory(path)) {
                throw new TlsFileException(path, Problem.UNREADABLE, "is a directory (expected: a PEM file)");
            }
            return Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new TlsFileException(path, Problem.UNREADABLE, "no such file", e);
        } catch (AccessDeniedException e) {
            throw new TlsFileException(path, Problem.UNREADABLE, "not readable (permission denied)", e);
        } catch (IOException | InvalidPathException e) {
            throw new TlsFileException(path, Problem.UNREADABLE, "cannot be read: " + e.getMessage(), e);
        }
    }
}
