package io.jpraxis.filters.traffic.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.testing.TestClock;
import io.jpraxis.filters.traffic.ratelimit.RateLimitConfig.Mode;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RateLimitFilterTest {
    private static final Instant START = Instant.parse("2025-01-01T00:00:00Z");
    private final TestClock clock = new TestClock(START);

    private RateLimitFilter limiter(Mode mode, double rate, long burst) {
        return new RateLimitFilter(new RateLimitConfig(mode, rate, burst, 128, false), clock);
    }

    static RequestContext from(String ip) {
        return from(new InetSocketAddress(ip, 40000));
    }

    static RequestContext from(InetSocketAddress client) {
        return new RequestContext("main", "GET", RequestPath.of("/"), null, "http", client, new HeaderMap(), "req-1",
                Instant.parse("2025-01-01T00:00:00Z"));
    }

    /** One exchange: the request hook, then the response hook on a 200 or on the filter's own 429. */
    static ResponseHead exchange(RateLimitFilter filter, RequestContext ctx) {
        FilterAction action = filter.onRequest(ctx);
        ResponseHead head = switch (action) {
            case FilterAction.Continue c -> new ResponseHead(200, new HeaderMap(), false);
            case FilterAction.Reject r -> new ResponseHead(r.status(), new HeaderMap(), true);
            case FilterAction.Respond r -> throw new AssertionError("rate_limit never answers itself: " + r);
            case FilterAction.Fail f -> throw new AssertionError("rate_limit never fails: " + f);
            case FilterAction.Release r -> throw new AssertionError("not a body hook: " + r);
            case FilterAction.BodyDone d -> throw new AssertionError("not a body hook: " + d);
        };
        assertThat(filter.onResponse(ctx, head)).isEqualTo(FilterAction.CONTINUE);
        return head;
    }

    /**
     * The headers, the reset (a Unix time in seconds) shown as seconds after the clock's start, so
     * the expectations read as the test's own timeline.
     */
    private String rateHeaders(ResponseHead head) {
        HeaderMap h = head.headers();
        String reset = h.get("x-ratelimit-reset");
        String shown = reset == null ? null : Long.toString(Long.parseLong(reset) - START.getEpochSecond());
        return head.status() + " limit=" + h.get("x-ratelimit-limit") + " remaining=" + h.get("x-ratelimit-remaining")
                + " reset=" + shown + " retry-after=" + h.get("retry-after");
    }

    @Test
    void burstPassesThenRefusesWith429AndHeaders() {
        RateLimitFilter filter = limiter(Mode.GLOBAL, 1, 3);
        assertThat(rateHeaders(exchange(filter, from("192.0.2.1")))).isEqualTo("200 limit=3 remaining=2 reset=0 retry-after=null");
        assertThat(rateHeaders(exchange(filter, from("192.0.2.2")))).isEqualTo("200 limit=3 remaining=1 reset=0 retry-after=null");
        assertThat(rateHeaders(exchange(filter, from("192.0.2.3"))))
                .as("the last token: none left, the next one in a second")
                .isEqualTo("200 limit=3 remaining=0 reset=1 retry-after=null");
        assertThat(rateHeaders(exchange(filter, from("192.0.2.4"))))
                .as("global: one bucket for every client")
                .isEqualTo("429 limit=3 remaining=0 reset=1 retry-after=1");
        assertThat(filter.refusedCount()).isEqualTo(1);
    }

    @Test
    void refusalIsTheDocumented429() {
        RateLimitFilter filter = limiter(Mode.GLOBAL, 1, 1);
        filter.onRequest(from("192.0.2.1"));
        assertThat(filter.onRequest(from("192.0.2.1"))).isEqualTo(new FilterAction.Reject(429, "rate limit exceeded"));
    }

    @Test
    void tokensRefillAtTheRateUpToTheBurst() {
        RateLimitFilter filter = limiter(Mode.GLOBAL, 2, 4); // one token every 500 ms
        for (int i = 0; i < 4; i++) {
            assertThat(exchange(filter, from("192.0.2.1")).status()).isEqualTo(200);
        }
        assertThat(exchange(filter, from("192.0.2.1")).status()).isEqualTo(429);

        clock.advance(Duration.ofMillis(499));
        assertThat(exchange(filter, from("192.0.2.1")).status()).as("not yet a whole token").isEqualTo(429);
        clock.advance(Duration.ofMillis(1));
        assertThat(exchange(filter, from("192.0.2.1")).status()).as("one token after 500 ms").isEqualTo(200);
        assertThat(exchange(filter, from("192.0.2.1")).status()).isEqualTo(429);

        clock.advance(Duration.ofHours(1));
        int passed = 0;
        while (exchange(filter, from("192.0.2.1")).status() == 200) {
            passed++;
        }
        assertThat(passed).as("an hour of quiet refills only up to the burst").isEqualTo(4);
    }

    @Test
    void fractionalRateResetsInWholeSecondsRoundedUp() {
        RateLimitFilter filter = limiter(Mode.GLOBAL, 0.4, 1); // one token every 2.5 s
        exchange(filter, from("192.0.2.1"));
        assertThat(rateHeaders(exchange(filter, from("192.0.2.1")))).isEqualTo("429 limit=1 remaining=0 reset=3 retry-after=3");
        clock.advance(Duration.ofMillis(1600));
        // The token comes at 2.5 s: the reset names that second (rounded up), Retry-After the 0.9 s left.
        assertThat(rateHeaders(exchange(filter, from("192.0.2.1")))).isEqualTo("429 limit=1 remaining=0 reset=3 retry-after=1");
        clock.advance(Duration.ofMillis(900));
        assertThat(exchange(filter, from("192.0.2.1")).status()).isEqualTo(200);
    }

    @Test
    void responseHeadersReportTheBucketWhenTheResponseLeaves() {
        RateLimitFilter filter = limiter(Mode.GLOBAL, 1, 5);
        RequestContext ctx = from("192.0.2.1");
        filter.onRequest(ctx);
        filter.onRequest(from("192.0.2.2"));
        clock.advance(Duration.ofSeconds(1)); // a slow origin: a token came back meanwhile
        ResponseHead head = new ResponseHead(200, new HeaderMap(), false);
        filter.onResponse(ctx, head);
        assertThat(head.headers().get("x-ratelimit-remaining")).isEqualTo("4");
    }

    @Test
    void perIpGivesEachClientItsOwnBucket() {
        RateLimitFilter filter = limiter(Mode.PER_IP, 1, 2);
        assertThat(exchange(filter, from("192.0.2.1")).status()).isEqualTo(200);
        assertThat(exchange(filter, from("192.0.2.1")).status()).isEqualTo(200);
        assertThat(exchange(filter, from("192.0.2.1")).status()).isEqualTo(429);
        assertThat(rateHeaders(exchange(filter, from("192.0.2.2"))))
                .as("another client is untouched").isEqualTo("200 limit=2 remaining=1 reset=0 retry-after=null");
        assertThat(exchange(filter, from(new InetSocketAddress("192.0.2.1", 50000))).status())
                .as("the port is not part of the client").isEqualTo(429);
        assertThat(exchange(filter, from("::ffff:192.0.2.1")).status())
                .as("an IPv4-mapped address is the same client").isEqualTo(429);
    }

    @Test
    void ipv6ClientsAreGroupedByTheConfiguredPrefix() {
        RateLimitFilter perAddress = limiter(Mode.PER_IP, 1, 1);
        exchange(perAddress, from("2001:db8:1:2::a"));
        assertThat(exchange(perAddress, from("2001:db8:1:2::b")).status())
                .as("prefix 128 by default: one bucket per address").isEqualTo(200);

        RateLimitFilter perSubnet = new RateLimitFilter(new RateLimitConfig(Mode.PER_IP, 1, 1, 64, false), clock);
        exchange(perSubnet, from("2001:db8:1:2::a"));
        assertThat(exchange(perSubnet, from("2001:db8:1:2:ffff::b")).status())
                .as("same /64: a rotated address draws from the same bucket").isEqualTo(429);
        assertThat(exchange(perSubnet, from("2001:db8:1:3::a")).status()).as("another /64").isEqualTo(200);
        assertThat(exchange(perSubnet, from("192.0.2.7")).status()).as("IPv4 keyed by full address").isEqualTo(200);
    }

    @Test
    void clientWithoutAnAddressIsRefusedInPerIpMode() {
        RateLimitFilter filter = limiter(Mode.PER_IP, 100, 100);
        assertThat(rateHeaders(exchange(filter, from(InetSocketAddress.createUnresolved("client.invalid", 1)))))
                .as("no key: fail closed").startsWith("429 limit=100 remaining=0");
        assertThat(exchange(filter, from((InetSocketAddress) null)).status()).isEqualTo(429);
    }

    @Test
    void fullClientTableRefusesNewClientsButServesKnownOnes() {
        RateLimitFilter filter = new RateLimitFilter(new RateLimitConfig(Mode.PER_IP, 1, 5, 128, false), clock, 4);
        for (int i = 1; i <= 4; i++) {
            assertThat(exchange(filter, from("192.0.2." + i)).status()).isEqualTo(200);
        }
        assertThat(rateHeaders(exchange(filter, from("192.0.2.5"))))
                .as("a fifth client finds the table full: fail closed")
                .isEqualTo("429 limit=5 remaining=0 reset=1 retry-after=1");
        assertThat(exchange(filter, from("192.0.2.1")).status()).as("a known client keeps its bucket").isEqualTo(200);
        assertThat(filter.trackedClients()).isEqualTo(4);
    }

    @Test
    void idleClientsAreSweptSoNewOnesFitAgain() {
        RateLimitFilter filter = new RateLimitFilter(new RateLimitConfig(Mode.PER_IP, 1, 5, 128, false), clock, 4);
        for (int i = 1; i <= 4; i++) {
            exchange(filter, from("192.0.2." + i));
        }
        exchange(filter, from("192.0.2.5")); // refused; the sweep it ran found nobody idle
        clock.advance(Duration.ofSeconds(1));
        for (int i = 0; i < 5; i++) {
            exchange(filter, from("192.0.2.1")); // 192.0.2.1 keeps its bucket busy
        }
        assertThat(exchange(filter, from("192.0.2.5")).status())
                .as("the three refilled buckets were dropped, making room").isEqualTo(200);
        assertThat(filter.trackedClients()).isEqualTo(2);
        assertThat(exchange(filter, from("192.0.2.1")).status()).as("the busy client kept its empty bucket")
                .isEqualTo(429);
    }

    @Test
    void tableHoldsTwoHundredThousandClientsThenFailsClosed() {
        RateLimitFilter filter = limiter(Mode.PER_IP, 1, 1);
        for (int i = 0; i < 200_000; i++) {
            String ip = "10." + (i >> 16) + "." + ((i >> 8) & 0xFF) + "." + (i & 0xFF);
            assertThat(filter.onRequest(from(ip))).as(ip).isEqualTo(FilterAction.CONTINUE);
        }
        assertThat(filter.trackedClients()).isEqualTo(200_000);
        assertThat(filter.onRequest(from("10.200.0.1"))).as("client 200,001").isInstanceOf(FilterAction.Reject.class);
        assertThat(filter.trackedClients()).as("the table did not grow").isEqualTo(200_000);
    }

    @Test
    void shadowModeLetsEverythingThroughAndCountsWhatItWouldRefuse() {
        RateLimitFilter filter = new RateLimitFilter(new RateLimitConfig(Mode.GLOBAL, 1, 2, 128, true), clock);
        for (int i = 0; i < 5; i++) {
            ResponseHead head = exchange(filter, from("192.0.2.1"));
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.headers().isEmpty()).as("shadow mode is invisible to clients").isTrue();
        }
        assertThat(filter.shadowRefusedCount()).isEqualTo(3);
        assertThat(filter.refusedCount()).isZero();
    }

    @Test
    void twoLimitersInOnePipelineKeepTheirOwnVerdicts() {
        RateLimitFilter global = limiter(Mode.GLOBAL, 1, 10);
        RateLimitFilter perIp = limiter(Mode.PER_IP, 1, 1);
        RequestContext first = from("192.0.2.1");
        global.onRequest(first);
        perIp.onRequest(first);
        RequestContext second = from("192.0.2.1");
        assertThat(global.onRequest(second)).isEqualTo(FilterAction.CONTINUE);
        assertThat(perIp.onRequest(second)).isInstanceOf(FilterAction.Reject.class);
        ResponseHead head = new ResponseHead(429, new HeaderMap(), true);
        perIp.onResponse(second, head);
        assertThat(head.headers().get("retry-after")).isEqualTo("1");
        head.headers().remove("retry-after");
        global.onResponse(second, head); // runs after, being earlier in the pipeline
        assertThat(rateHeaders(head)).as("the global limiter admitted it: no Retry-After of its own")
                .isEqualTo("429 limit=10 remaining=8 reset=0 retry-after=null");
    }

    @Test
    void concurrentRequestsNeverTakeMoreThanTheBurst() throws Exception {
        RateLimitFilter filter = limiter(Mode.GLOBAL, 1, 1_000);
        AtomicInteger passed = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < 2_000; i++) {
                    if (filter.onRequest(from("192.0.2.1")) == FilterAction.CONTINUE) {
                        passed.incrementAndGet();
                    }
                }
            });
            threads[t].start();
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(passed.get()).as("8,000 racing requests against a frozen clock share exactly 1,000 tokens")
                .isEqualTo(1_000);
        assertThat(filter.refusedCount()).isEqualTo(7_000);
    }

    @Test
    void authenticatedSubjectKeyGivesEachSubjectItsOwnBucketAndRefusesAnonymousWith401() {
        RateLimitFilter filter = new RateLimitFilter(new RateLimitConfig(Mode.GLOBAL, 1, 1, 128, false,
                RateLimitConfig.Key.AUTHENTICATED_SUBJECT), clock);
        RequestContext alice = from("192.0.2.1");
        alice.authenticatedSubject("alice");
        RequestContext aliceAgain = from("192.0.2.2");
        aliceAgain.authenticatedSubject("alice");
        RequestContext bob = from("192.0.2.1");
        bob.authenticatedSubject("bob");
        assertThat(exchange(filter, alice).status()).isEqualTo(200);
        assertThat(exchange(filter, aliceAgain).status()).as("alice's bucket, whatever her address").isEqualTo(429);
        assertThat(exchange(filter, bob).status()).as("bob has his own bucket").isEqualTo(200);
        ResponseHead anonymous = exchange(filter, from("192.0.2.3"));
        assertThat(anonymous.status()).as("no verified subject").isEqualTo(401);
        assertThat(anonymous.headers().get("x-ratelimit-limit")).as("no rate-limit headers on the 401").isNull();
        assertThat(filter.trackedClients()).isEqualTo(2);
    }
}
