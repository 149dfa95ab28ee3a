package io.jpraxis.bench.load;

import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A JSON body shaped like an API's answer, for the compression workload: a page of catalog items
 * whose ids, names, prices, tags, dates and flags vary as real records do (drawn from a seeded
 * generator, so every run serves the very same bytes), not one byte repeated, which any codec
 * would squeeze to nothing.
 */
public final class CatalogJson {
    private static final List<String> WORDS = List.of("alpine", "basalt", "cedar", "delta", "ember", "fjord",
            "granite", "harbor", "iris", "juniper", "kestrel", "lagoon", "meadow", "nimbus", "orchid", "prairie",
            "quartz", "rowan", "sierra", "tundra", "umber", "valley", "willow", "xenon", "yarrow", "zephyr");
    private static final List<String> TAGS = List.of("outdoor", "kitchen", "garden", "travel", "office", "kids",
            "sale", "new", "eco", "premium", "refurbished", "bundle");
    private static final List<String> CURRENCIES = List.of("EUR", "USD", "GBP", "CHF");

    private CatalogJson() {
    }

    /** A JSON document of exactly {@code bytes} bytes (ASCII): an object with a page of items. */
    public static String of(int bytes) {
        Random random = new Random(26);
        String head = "{\"page\":1,\"page_size\":0,\"items\":[";
        StringBuilder items = new StringBuilder();
        int count = 0;
        while (true) {
            String item = (count == 0 ? "" : ",") + item(random, count + 1);
            if (head.length() + items.length() + item.length() + 64 > bytes) {
                break;
            }
            items.append(item);
            count++;
        }
        String doc = head.replace("\"page_size\":0", "\"page_size\":" + count) + items
                + "],\"next\":\"/v1/items?page=2\"}";
        if (doc.length() > bytes) {
            throw new IllegalStateException("catalog JSON: " + doc.length() + " bytes (expected at most " + bytes + ")");
        }
        // Whitespace between tokens is JSON too: it brings the document to the exact size.
        return doc.substring(0, doc.length() - 1) + " ".repeat(bytes - doc.length()) + "}";
    }

    private static String item(Random r, int id) {
        String name = word(r) + " " + word(r) + " " + (100 + r.nextInt(900));
        StringBuilder tags = new StringBuilder();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
            tags.append(i == 0 ? "" : ",").append('"').append(TAGS.get(r.nextInt(TAGS.size()))).append('"');
        }
        return String.format(Locale.ROOT, "{\"id\":%d,\"sku\":\"SKU-%06X\",\"name\":\"%s\",\"price\":{\"amount\":%d.%02d,"
                        + "\"currency\":\"%s\"},\"stock\":%d,\"in_stock\":%b,\"rating\":%.1f,\"tags\":[%s],"
                        + "\"updated_at\":\"2026-%02d-%02dT%02d:%02d:%02dZ\",\"vendor\":{\"id\":%d,\"name\":\"%s\"}}",
                id, r.nextInt(0xFFFFFF), name, 1 + r.nextInt(499), r.nextInt(100),
                CURRENCIES.get(r.nextInt(CURRENCIES.size())), r.nextInt(250), r.nextInt(5) > 0, 1 + r.nextInt(40) / 10.0,
                tags, 1 + r.nextInt(12), 1 + r.nextInt(28), r.nextInt(24), r.nextInt(60), r.nextInt(60),
                1000 + r.nextInt(200), word(r).toUpperCase(Locale.ROOT) + " Ltd");
    }

    private static String word(Random r) {
        return WORDS.get(r.nextInt(WORDS.size()));
    }
}
