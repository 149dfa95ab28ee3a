package io.jpraxis.filters.traffic.redirect;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code redirect} entry. */
public final class RedirectKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Answers with a redirect.",
            key("location", new KeyType.Text(1, null), "The Location: a URL or path template.").asRequired()
                    .withRule("no control characters; placeholders among "
                            + LocationTemplate.Placeholder.allSpelled()),
            key("status", KeyType.integer(301, 308), "Redirect status.").withDefault(301)
                    .withRule("301, 302, 307 or 308"),
            key("allowed_hosts", KeyType.listOf(KeyType.text()), "Hosts ${host} may take.").withDefault("[]")
                    .withRule("each a host without a port; '*' only as a leading '*.'"));

    private RedirectKeys() {
    }
}
