package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LocalResponsesTest {

    private static FullHttpResponse render(HttpMethod method, String declaredLength, byte[] body) {
        HeaderMap headers = new HeaderMap();
        if (declaredLength != null) {
            headers.set("content-length", declaredLength);
        }
        return LocalResponses.render(new ResponseHead(200, headers, true), body,
                new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, "/"), true, "req-1", new EdgeMetrics());
    }

    @Test
    void headAnswerWithoutBodyKeepsTheLengthItDeclares() {
        FullHttpResponse response = render(HttpMethod.HEAD, "1234", new byte[0]);
        assertThat(response.headers().get("content-length")).as("the relayed origin's length").isEqualTo("1234");
        assertThat(response.content().readableBytes()).isZero();
    }

    @Test
    void headAnswerWithAGarbledLengthGetsTheBodysLength() {
        assertThat(render(HttpMethod.HEAD, "12, 12", new byte[0]).headers().get("content-length")).isEqualTo("0");
    }

    @Test
    void getAnswerAlwaysCarriesItsBodysLength() {
        byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
        assertThat(render(HttpMethod.GET, "1234", body).headers().get("content-length")).isEqualTo("5");
    }
}
