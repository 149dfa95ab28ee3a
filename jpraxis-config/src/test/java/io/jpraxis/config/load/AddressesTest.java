package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.validate.Names;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AddressesTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "127.0.0.1, LOOPBACK", "127.255.0.9, LOOPBACK", "::1, LOOPBACK", "localhost, LOOPBACK",
        "LocalHost, LOOPBACK", "api.localhost, LOOPBACK",
        "10.0.0.1, PRIVATE", "172.16.0.1, PRIVATE", "172.31.255.255, PRIVATE", "192.168.1.1, PRIVATE",
        "fc00::1, PRIVATE", "fdff::1, PRIVATE",
        "169.254.1.1, LINK_LOCAL", "fe80::1, LINK_LOCAL", "febf::1, LINK_LOCAL",
        "169.254.169.254, CLOUD_METADATA", "fd00:ec2::254, CLOUD_METADATA",
        "0.0.0.0, UNSPECIFIED", "::, UNSPECIFIED", "::ffff:127.0.0.1, LOOPBACK", "::ffff:10.1.1.1, PRIVATE",
        "172.32.0.1, PUBLIC", "172.15.255.255, PUBLIC", "8.8.8.8, PUBLIC", "2001:db8::1, PUBLIC",
        "fec0::1, PUBLIC", "api.example.com, PUBLIC", "localhost.example.com, PUBLIC"
    })
    void classifiesLiteralHosts(String host, AddressClass expected) {
        assertThat(AddressClass.of(host)).as(host).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "127.0.0.1:80|127.0.0.1|80", "[::1]:8080|::1|8080", "api.example.com:443|api.example.com|443",
        "[2001:db8::a:1]:65535|2001:db8::a:1|65535", "my_service:1|my_service|1",
        "[::ffff:1.2.3.4]:80|::ffff:1.2.3.4|80"
    })
    void parsesHostPorts(String text, String host, int port) {
        assertThat(HostPortParser.parse(text, true)).isEqualTo(new HostPortParser.Ok(new HostPort(host, port)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", "127.0.0.1:-1", "127.0.0.1:+80", ":80", "::1:80",
        "[::1]", "[::1]80", "[1:2:3:4:5:6:7:8:9]:80", "[::1::2]:80", "[12345::]:80", "01.2.3.4:80",
        "1.2.3:80", "256.1.1.1:80", "-bad.example.com:80", "a..b:80", "a b:80", "[::g]:80"
    })
    void refusesMalformedHostPorts(String text) {
        assertThat(HostPortParser.parse(text, true)).as(text).isInstanceOf(HostPortParser.Bad.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"api.example.com", "[::1]", "api.example.com:8443", "10.0.0.1"})
    void acceptsAuthoritiesWithoutAPort(String text) {
        assertThat(HostPortParser.parse(text, false)).as(text).isInstanceOf(HostPortParser.Ok.class);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "openai, true", "openai_chat.v1-2, true", "a, true", "OpenAI, false", "-openai, false", "openai., false",
        "open ai, false"
    })
    void appliesTheApplicationIdentifierRule(String value, boolean valid) {
        assertThat(Names.isIdentifier(value)).isEqualTo(valid);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"x-request-id, true", "X_Custom.1, true", "'x y', false", "'x:y', false", "'(x)', false"})
    void appliesTheHeaderNameRule(String value, boolean valid) {
        assertThat(Names.isHeaderName(value)).isEqualTo(valid);
    }
}
