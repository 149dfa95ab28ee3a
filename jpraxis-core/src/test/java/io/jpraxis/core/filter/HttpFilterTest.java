package io.jpraxis.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.ResponseHead;
import org.junit.jupiter.api.Test;

class HttpFilterTest {

    private static class RequestOnly implements HttpFilter {
        @Override
        public String type() {
            return "request_only";
        }

        @Override
        public Object config() {
            return null;
        }
    }

    private static final class WithResponse extends RequestOnly {
        @Override
        public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
            return FilterAction.CONTINUE;
        }
    }

    private static class WithLog extends RequestOnly {
        @Override
        public void onLog(RequestContext ctx, ExchangeSummary summary) {
        }
    }

    private static final class UnderLogging extends WithLog {
    }

    @Test
    void aLogHookIsDeclaredByOverridingOnLog() {
        assertThat(new RequestOnly().hasLogHook()).isFalse();
        assertThat(new WithLog().hasLogHook()).isTrue();
        assertThat(new UnderLogging().hasLogHook()).as("inherited override counts").isTrue();
        assertThat(new WithResponse().hasLogHook()).as("a response hook is not a log hook").isFalse();
    }

    @Test
    void aResponseHookIsDeclaredByOverridingOnResponse() {
        assertThat(new RequestOnly().hasResponseHook()).isFalse();
        assertThat(new WithResponse().hasResponseHook()).as("inherited override counts").isTrue();
    }
}
