package io.jpraxis.bench.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The fake provider and the time-to-first-token client against each other, on real sockets. */
class FakeProviderTest {
    @Test
    void aChatCompletionCarriesItsUsageAndTheKeyIsCounted() throws Exception {
        try (FakeProvider p = FakeProvider.serving("B", "key-b")) {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://" + p.address() + ChatRequests.PATH)).header("Authorization", "Bearer key-b")
                    .POST(HttpRequest.BodyPublishers.ofString(ChatRequests.chat(ChatRequests.MINI, 2048))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).contains("\"model\":\"gpt-4o-mini\"", "\"total_tokens\":");
            assertThat(p.requests()).isEqualTo(1);
            assertThat(p.requestsWithOwnKey()).isEqualTo(1);
        }
    }

    @Test
    void theStreamIsAbout64KiBOfEventsEndingInUsageAndDone() throws Exception {
        try (FakeProvider p = FakeProvider.serving("B", "key-b")) {
            for (boolean burst : new boolean[] {false, true}) {
                HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://" + p.address() + ChatRequests.PATH)).POST(HttpRequest.BodyPublishers
                        .ofString(ChatRequests.stream(ChatRequests.MINI, 0, burst))).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.headers().firstValue("content-type")).hasValue("text/event-stream");
                assertThat(r.body().length()).isBetween(60 * 1024, 68 * 1024);
                assertThat(r.body()).startsWith("data: {").endsWith("\"usage\":{\"prompt_tokens\":512,"
                        + "\"completion_tokens\":" + ProviderAnswers.chunksFor64KiB(ChatRequests.MINI)
                        + ",\"total_tokens\":" + (512 + ProviderAnswers.chunksFor64KiB(ChatRequests.MINI))
                        + "}}\n\ndata: [DONE]\n\n");
            }
        }
    }

    @Test
    void theFirstTokenClientReadsWholeStreamsOnOneConnection() throws Exception {
        try (FakeProvider p = FakeProvider.serving("B", "key-b");
                FirstTokenClient client = new FirstTokenClient("direct", p.port(), "key-b",
                        ChatRequests.stream(ChatRequests.MINI, ChatRequests.FIRST_TOKEN_EVENTS))) {
            for (int i = 0; i < 5; i++) {
                assertThat(client.sample()).isPositive();
            }
            assertThat(p.requests()).isEqualTo(5);
            assertThat(p.connections()).as("kept alive").isEqualTo(1);
        }
    }

    @Test
    void anOverloadedProviderAnswers503AndTheClientSaysSo() throws Exception {
        try (FakeProvider p = FakeProvider.overloaded("A", "key-a");
                FirstTokenClient client = new FirstTokenClient("a", p.port(), "key-a",
                        ChatRequests.stream(ChatRequests.FAILOVER_MODEL, 4))) {
            assertThatThrownBy(client::sample).isInstanceOf(IOException.class).hasMessageContaining("503");
        }
    }
}
