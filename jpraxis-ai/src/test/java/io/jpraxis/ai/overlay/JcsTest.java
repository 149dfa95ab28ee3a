package io.jpraxis.ai.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JcsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String canonical(String json) throws Exception {
        return Jcs.canonicalize(JSON.readTree(json));
    }

    /** RFC 8785 Appendix B: IEEE 754 bit patterns and their ECMAScript text. */
    @ParameterizedTest
    @CsvSource({
            "0000000000000000, 0",
            "8000000000000000, 0",
            "0000000000000001, 5e-324",
            "8000000000000001, -5e-324",
            "7fefffffffffffff, 1.7976931348623157e+308",
            "ffefffffffffffff, -1.7976931348623157e+308",
            "4340000000000000, 9007199254740992",
            "c340000000000000, -9007199254740992",
            "4430000000000000, 295147905179352830000",
            "44b52d02c7e14af5, 9.999999999999997e+22",
            "44b52d02c7e14af6, 1e+23",
            "44b52d02c7e14af7, 1.0000000000000001e+23",
            "444b1ae4d6e2ef4e, 999999999999999700000",
            "444b1ae4d6e2ef4f, 999999999999999900000",
            "444b1ae4d6e2ef50, 1e+21",
            "3eb0c6f7a0b5ed8c, 9.999999999999997e-7",
            "3eb0c6f7a0b5ed8d, 0.000001",
            "41b3de4355555553, 333333333.3333332",
            "41b3de4355555554, 333333333.33333325",
            "41b3de4355555555, 333333333.3333333",
            "41b3de4355555556, 333333333.3333334",
            "41b3de4355555557, 333333333.33333343",
            "becbf647612f3696, -0.0000033333333333333333",
            "43143ff3c1cb0959, 1424953923781206.2",
    })
    void formatsNumbersLikeEcmaScript(String bits, String expected) {
        double value = Double.longBitsToDouble(Long.parseUnsignedLong(bits, 16));
        assertThat(Jcs.number(value)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
            "1e21, 1e+21",
            "1e20, 100000000000000000000",
            "1e-7, 1e-7",
            "1e-6, 0.000001",
            "0.1, 0.1",
            "-0.0, 0",
            "1.0, 1",
            "4.50, 4.5",
            "2e-3, 0.002",
            "1E30, 1e+30",
            "123, 123",
            "-7, -7",
            "0.000000000000000000000000001, 1e-27",
            "12345678901234567890, 12345678901234567000",
            "1.5e300, 1.5e+300",
    })
    void formatsParsedJsonNumbers(String json, String expected) throws Exception {
        assertThat(canonical(json)).isEqualTo(expected);
    }

    @Test
    void everyFormattedNumberReadsBackAsTheSameDouble() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        for (int i = 0; i < 5_000; i++) {
            double value = Double.longBitsToDouble(random.nextLong());
            if (Double.isFinite(value)) {
                String text = Jcs.number(value);
                assertThat(Double.parseDouble(text)).as(text).isEqualTo(value == 0 ? 0.0 : value);
                assertThat(text).as("no Java-only spelling").doesNotContain("E").doesNotEndWith(".0");
            }
        }
    }

    @Test
    void refusesNonFiniteNumbers() {
        assertThatThrownBy(() -> Jcs.canonicalize(JsonNodeFactory.instance.numberNode(Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Jcs.number(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void matchesTheRfcSampleOfSection322() throws Exception {
        String input = "{\"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],"
                + " \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\","
                + " \"literals\": [null, true, false]}";
        assertThat(canonical(input)).isEqualTo("{\"literals\":[null,true,false],"
                + "\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                + "\"string\":\"€$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
    }

    @Test
    void sortsKeysByUtf16CodeUnits() throws Exception {
        String input = "{\"\\u20ac\": \"Euro Sign\", \"\\r\": \"Carriage Return\", \"\\ufb33\": \"Dalet\","
                + " \"1\": \"One\", \"\\ud83d\\ude00\": \"Emoji\", \"\\u0080\": \"Control\", \"\\u00f6\": \"o umlaut\"}";
        JsonNode sorted = JSON.readTree(canonical(input));
        StringBuilder values = new StringBuilder();
        sorted.properties().forEach(e -> values.append(e.getValue().textValue()).append('|'));
        assertThat(values.toString())
                .as("the emoji's high surrogate U+D83D sorts before U+FB33 although its code point is larger")
                .isEqualTo("Carriage Return|One|Control|o umlaut|Euro Sign|Emoji|Dalet|");
    }

    @Test
    void escapesOnlyWhatJsonRequires() throws Exception {
        assertThat(canonical("\"\\b\\f\\n\\r\\t\\u0000\\u001f\\u007f\\u00e9\\/\""))
                .isEqualTo("\"\\b\\f\\n\\r\\t\\u0000\\u001f\u007fé/\"");
        assertThat(Jcs.canonicalBytes(JSON.readTree("\"\\ud83d\\ude00\"")))
                .as("a pair becomes four UTF-8 bytes").isEqualTo("\"\uD83D\uDE00\"".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void refusesLoneSurrogates() {
        assertThatThrownBy(() -> canonical("\"\\ud83d\"")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> canonical("\"\\ude00x\"")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void dropsWhitespaceAndKeepsArrayOrder() throws Exception {
        assertThat(canonical(" { \"b\" : [ 3 , 1 , { \"z\" : null , \"a\" : [ ] } ] , \"a\" : { } } "))
                .isEqualTo("{\"a\":{},\"b\":[3,1,{\"a\":[],\"z\":null}]}");
    }
}
