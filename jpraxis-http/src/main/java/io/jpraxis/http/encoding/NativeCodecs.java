package io.jpraxis.http.encoding;

import java.util.EnumSet;
import java.util.Set;
import com.aayushatharva.brotli4j.Brotli4jLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which codecs this process can run. gzip is the JDK's and always present; brotli and zstd need
 * their native libraries. A native library that does not load disables that algorithm with one
 * warning at start-up (the response is then sent with another coding or as is, never broken).
 */
public final class NativeCodecs {
    private static final Logger LOG = LoggerFactory.getLogger(NativeCodecs.class);
    private static final Set<Coding> AVAILABLE = probe();

    private NativeCodecs() {
    }

    /** The codings whose codec loaded. */
    public static Set<Coding> available() {
        return AVAILABLE;
    }

    private static Set<Coding> probe() {
        Set<Coding> codings = EnumSet.of(Coding.GZIP);
        try {
            Brotli4jLoader.ensureAvailability();
            codings.add(Coding.BROTLI);
        } catch (Throwable e) {
            LOG.warn("compression: brotli disabled, its native library did not load ({})", e.toString());
        }
        try {
            com.github.luben.zstd.util.Native.load();
            codings.add(Coding.ZSTD);
        } catch (Throwable e) {
            LOG.warn("compression: zstd disabled, its native library did not load ({})", e.toString());
        }
        return Set.copyOf(codings);
    }
}
