package io.jpraxis.filters.security.jwt;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.filters.testing.FilterFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Load refusals of docs/reference/filters/jwt_auth.md#keys: each names its key and the reason. */
class JwtAuthFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";
    private static final RSAKey RSA = TestKeys.rsa("k1");
    private static final String ISSUER = "issuer: https://idp.example.test\n";
    private static final String INLINE = "jwks: '" + TestKeys.jwks(RSA.toPublicJWK()) + "'\n";

    private static List<String> refused(String yaml) {
        return build(new JwtAuthFactory(), yaml).refused();
    }

    private static FilterBuildContext withPrivateUpstreams() {
        InsecureOptions insecure = new InsecureOptions(false, false, false, true, false, false, false, false, false,
                false, Set.of(), false);
        return new FilterBuildContext(FeatureSet.NONE, insecure, BodyLimits.DEFAULT, List.of(),
                FilterFixtures.services(), new ClusterStates());
    }

    @Test
    void aValidEntryIsASecurityFilterWithSecureDefaults() {
        FilterFixtures.Built built = build(new JwtAuthFactory(), ISSUER + INLINE);
        JwtAuthConfig config = (JwtAuthConfig) built.accepted().config();
        assertThat(built.declaration().traits()).as("it sets the authenticated subject a keyed rate_limit needs")
                .contains(FilterTrait.SECURITY, FilterTrait.SETS_SUBJECT);
        assertThat(config.algorithms()).isEqualTo(JwtAlgorithm.DEFAULTS);
        assertThat(config.requiredClaims()).containsExactly("exp");
        assertThat(config.tokenHeader()).isEqualTo("authorization");
        assertThat(config.stripToken()).isTrue();
        assertThat(config.clockSkewSeconds()).isEqualTo(60);
        assertThat(new JwtAuthFactory().secretFields()).as("inline keys may hold HMAC secrets").contains("jwks");
        assertThat(config.toYaml().toString()).doesNotContain(RSA.getModulus().toString());
    }

    @Test
    void noKeySourceOrTwoAreRefused() {
        assertThat(refused(ISSUER)).singleElement().asString().contains(AT + "jwks_file: missing")
                .contains("exactly one of jwks_file, jwks, jwks_url");
        assertThat(refused(ISSUER + INLINE + "jwks_url: https://idp.example.test/jwks\n")).singleElement()
                .asString().contains(AT + "jwks_url: given together with jwks");
    }

    @Test
    void algorithmNoneAndUnknownNamesAreRefusedEachByIndex() {
        assertThat(refused(ISSUER + INLINE + "algorithms: [RS256, none, XS256, RS256]\n"))
                .anySatisfy(e -> assertThat(e).contains(AT + "algorithms[1]").contains("unsigned tokens are never"))
                .anySatisfy(e -> assertThat(e).contains(AT + "algorithms[2]").contains("one of RS256"))
                .anySatisfy(e -> assertThat(e).contains(AT + "algorithms[3]").contains("each algorithm once"));
    }

    @Test
    void everyBadValueIsListedAtOnce() {
        List<String> errors = refused(INLINE + "clock_skew_seconds: 301\ntoken_header: \"bad header\"\n"
                + "cache_size: -1\nrequired_claims: [exp, exp]\n");
        assertThat(errors).anySatisfy(e -> assertThat(e).contains(AT + "issuer: missing"))
                .anySatisfy(e -> assertThat(e).contains(AT + "clock_skew_seconds").contains("300"))
                .anySatisfy(e -> assertThat(e).contains(AT + "token_header"))
                .anySatisfy(e -> assertThat(e).contains(AT + "cache_size"))
                .anySatisfy(e -> assertThat(e).contains(AT + "required_claims[1]"));
    }

    @Test
    void plainHttpKeySetUrlNeedsTheInsecureFlag() {
        String yaml = ISSUER + "jwks_url: http://127.0.0.1:8280/certs\n";
        assertThat(refused(yaml)).singleElement().asString().contains(AT + "jwks_url")
                .contains("insecure_options.allow_private_upstreams");
        FilterFixtures.Built built = build(new JwtAuthFactory(), yaml, withPrivateUpstreams());
        assertThat(built.accepted().config()).isInstanceOfSatisfying(JwtAuthConfig.class,
                c -> assertThat(c.keys()).isInstanceOf(KeySource.Remote.class));
        assertThat(refused(ISSUER + "jwks_url: ftp://idp.example.test/certs\n")).singleElement().asString()
                .contains("https URL");
        assertThat(refused(ISSUER + "jwks_url: https://user:pw@idp.example.test/certs\n")).singleElement()
                .asString().contains("without user info");
    }

    @Test
    void hmacWithAKeySetUrlAndUrlKeysWithoutAUrlAreRefused() {
        assertThat(refused(ISSUER + "jwks_url: https://idp.example.test/jwks\nalgorithms: [HS256]\n"))
                .singleElement().asString().contains(AT + "algorithms").contains("shared secret is never fetched");
        assertThat(refused(ISSUER + INLINE + "jwks_timeout_ms: 1000\n")).singleElement().asString()
                .contains(AT + "jwks_timeout_ms: set without jwks_url");
    }

    @Test
    void weakKeysAndBrokenKeySetsAreRefusedWithoutEchoingThem() throws Exception {
        RSAKey small = new RSAKeyGenerator(1024, true).keyID("small").generate();
        assertThat(refused(ISSUER + "jwks: '" + TestKeys.jwks(small.toPublicJWK()) + "'\n")).singleElement()
                .asString().contains("1024 bits").contains("at least 2048");
        assertThat(refused(ISSUER + "algorithms: [HS256]\njwks: '" + TestKeys.jwks(TestKeys.secret("s", 128))
                + "'\n")).singleElement().asString().contains("under 256 bits");
        assertThat(refused(ISSUER + "jwks: 'sk-secret-not-json'\n")).singleElement().asString()
                .contains(AT + "jwks: not a JSON Web Key Set").doesNotContain("sk-secret");
    }

    @Test
    void keySetFileIsReadAtLoad(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("jwks.json");
        Files.writeString(file, TestKeys.jwks(RSA));
        FilterFixtures.Built built = build(new JwtAuthFactory(), ISSUER + "jwks_file: \"" + file + "\"\n");
        built.accepted();
        assertThat(built.warnings()).as("a private key in the file is noted and only its public half kept")
                .singleElement().asString().contains("private key");
        assertThat(refused(ISSUER + "jwks_file: \"" + dir.resolve("absent.json") + "\"\n")).singleElement()
                .asString().contains(AT + "jwks_file").contains("a readable file");
    }

    @Test
    void requiredClaimsWithoutExpWarns() {
        assertThat(build(new JwtAuthFactory(), ISSUER + INLINE + "required_claims: [sub]\n").warnings())
                .singleElement().asString().contains("never expire");
    }

    @Test
    void unknownAndNotImplementedKeysAreRefused() {
        assertThat(refused(ISSUER + INLINE + "audiences: [api]\n")).singleElement().asString()
                .contains(AT + "audiences: unknown key");
        assertThat(refused(ISSUER + INLINE + "insecure_skip_tls_verify: true\n")).singleElement().asString()
                .contains("not implemented in jpraxis");
    }

    @Test
    void audienceIsOneStringOrAList() {
        JwtAuthConfig one = (JwtAuthConfig) build(new JwtAuthFactory(), ISSUER + INLINE + "audience: api\n")
                .accepted().config();
        JwtAuthConfig two = (JwtAuthConfig) build(new JwtAuthFactory(), ISSUER + INLINE + "audience: [a, b]\n")
                .accepted().config();
        assertThat(one.audience()).containsExactly("api");
        assertThat(two.audience()).containsExactly("a", "b");
        assertThat(refused(ISSUER + INLINE + "audience: \"\"\n")).singleElement().asString().contains(AT + "audience");
    }

    @Test
    void everyDescribedKeyIsReadForAValidEntry() {
        java.util.Set<String> read = io.jpraxis.config.read.MapReader.keysReadDuring(
                () -> build(new JwtAuthFactory(), ISSUER + INLINE + "claim_metadata: {email: user.email}\n").accepted());
        assertThat(JwtAuthKeys.KEYS.names()).allSatisfy(k -> assertThat(read).contains(AT + k));
    }

    @Test
    void claimMetadataNeedsDistinctKeys() {
        assertThat(refused(ISSUER + INLINE + "claim_metadata: {email: user, name: user}\n")).singleElement()
                .asString().contains(AT + "claim_metadata.name");
    }
}
