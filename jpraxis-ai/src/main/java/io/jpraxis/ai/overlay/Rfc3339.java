package io.jpraxis.ai.overlay;

import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.OffsetDateTime;
import java.time.chrono.IsoChronology;

/** RFC 3339 section 5.6 date-time: seconds required, optional fraction, {@code Z} or a numeric offset. */
final class Rfc3339 {
    private static final DateTimeFormatter FORMAT = new DateTimeFormatterBuilder()
            .parseCaseInsensitive() // RFC 3339 section 5.6 NOTE: "T" and "Z" may be lower case
            .appendPattern("uuuu-MM-dd'T'HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .appendOffset("+HH:MM", "Z")
            .toFormatter()
            .withChronology(IsoChronology.INSTANCE)
            .withResolverStyle(ResolverStyle.STRICT);

    private Rfc3339() {
    }

    static boolean isDateTime(String text) {
        try {
            OffsetDateTime.parse(text, FORMAT);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
