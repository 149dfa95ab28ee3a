package io.jpraxis.server.boot;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.CharacterCodingException;

/**
 * Any config file through the path {@code jpraxis validate} takes (strict UTF-8, load, validate,
 * compile with every filter's reader): diagnostics or a config, never an exception. The inputs are
 * whole files; the committed seeds are the valid fixtures.
 */
class ConfigTextFuzzTest {

    @FuzzTest
    void anyFileIsDiagnosedOrBuilt(byte[] file) {
        String yaml;
        try {
            yaml = ConfigSource.decode(file);
        } catch (CharacterCodingException e) {
            return; // refused before loading, as validate refuses it
        }
        ConfigBuild.validates(yaml);
    }
}
