/* Client identity (src/http/client.c): --trusted-proxies CIDRs, addresses
 * in every shape a forwarding header carries them, and the walk from the
 * right that picks the client (nginx's real_ip_recursive). */
#include "gr_test.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

#include "http/client.h"

static gr_ip ip(const char *s)
{
    gr_ip r;
    assert_true(gr_ip_parse(s, strlen(s), &r));
    return r;
}

static void assert_ip(const gr_ip *got, const char *want)
{
    char buf[64];
    gr_ip_format(got, buf, sizeof(buf));
    assert_string_equal(buf, want);
}

static bool parses(const char *s)
{
    gr_ip r;
    return gr_ip_parse(s, strlen(s), &r);
}

/* Whether the address text is among the proxies p. */
static bool has(const gr_proxies *p, const char *text)
{
    gr_ip a = ip(text);
    return gr_proxies_has(p, &a);
}

static void test_ip_shapes(void **state)
{
    (void)state;
    static const struct {
        const char *text, *want;
    } good[] = {
        {"192.0.2.60", "192.0.2.60"},
        {" 192.0.2.60:4711 ", "192.0.2.60"},
        {"2001:db8:cafe::17", "2001:db8:cafe::17"},
        {"[2001:db8:cafe::17]", "2001:db8:cafe::17"},
        {"[2001:db8:cafe::17]:4711", "2001:db8:cafe::17"},
        {"::ffff:10.1.2.3", "10.1.2.3"}, /* IPv4-mapped is IPv4 */
    };
    gr_ip a;
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        a = ip(good[i].text);
        assert_ip(&a, good[i].want);
    }
    const char *bad[] = {"",
                         "unknown",
                         "_hidden",
                         "192.0.2",
                         "1.2.3.4:",
                         "1.2.3.4:123456",
                         "1.2.3.4:x",
                         "[1.2.3.4]",
                         "[::1",
                         "[::1]x",
                         "[::1]:",
                         "::1::2",
                         "256.1.1.1",
                         "1.2.3.4.5",
                         "a.b.c.d",
                         "[::1]:80:80",
                         "01234567890123456789012345678901234567890123456789"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        if (parses(bad[i])) {
            fail_msg("parsed \"%s\"", bad[i]);
        }
    }
    struct sockaddr_in6 s6;
    memset(&s6, 0, sizeof(s6));
    s6.sin6_family = AF_INET6;
    inet_pton(AF_INET6, "2001:db8::5", &s6.sin6_addr);
    assert_true(gr_ip_of_sockaddr((struct sockaddr *)&s6, &a));
    assert_ip(&a, "2001:db8::5");
}

static void test_proxies_parse(void **state)
{
    (void)state;
    gr_proxies p;
    const char *bad = NULL;
    assert_int_equal(gr_proxies_parse("10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1", &p, &bad), 0);
    assert_int_equal(p.n, 4);
    static const char *const in[] = {"10.200.3.4", "192.168.1.7", "fd12:3456::1", "::1"};
    static const char *const out[] = {"11.0.0.1", "192.168.1.8", "fe80::1"};
    for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
        assert_true(has(&p, in[i]));
    }
    for (size_t i = 0; i < sizeof(out) / sizeof(out[0]); i++) {
        assert_false(has(&p, out[i]));
    }
    /* an IPv4 CIDR never matches an IPv6 address with the same bytes */
    assert_int_equal(gr_proxies_parse("0.0.0.0/0", &p, &bad), 0);
    assert_false(has(&p, "2001:db8::1"));
    assert_true(has(&p, "203.0.113.9"));
    assert_int_equal(gr_proxies_parse("", &p, &bad), 0);
    assert_int_equal(p.n, 0);
    const char *wrong[] = {"10.0.0.0/33", "fd00::/129",  "10.0.0.0/", "10.0.0/8",
                           "x",           "10.0.0.0/8a", "[::1]/128"};
    for (size_t i = 0; i < sizeof(wrong) / sizeof(wrong[0]); i++) {
        bad = NULL;
        assert_int_equal(gr_proxies_parse(wrong[i], &p, &bad), -1);
        assert_non_null(bad);
    }
    assert_int_equal(gr_proxies_parse("10.0.0.0/8,nonsense", &p, &bad), -1);
    assert_string_equal(bad, "nonsense");
}

/* The client for peer and header lines, formatted. */
static void check(const char *trusted, const char *peer, gr_fwd_header kind,
                  const char *const *lines, size_t n, const char *want)
{
    gr_proxies p;
    const char *bad;
    assert_int_equal(gr_proxies_parse(trusted, &p, &bad), 0);
    gr_ip pe = ip(peer), got;
    gr_client_resolve(&pe, &p, kind, lines, n, &got);
    char buf[64];
    gr_ip_format(&got, buf, sizeof(buf));
    if (strcmp(buf, want) != 0) {
        fail_msg("peer %s lines[0] \"%s\": got %s, want %s", peer, n > 0 ? lines[0] : "", buf,
                 want);
    }
}

#define L(...)                                                                                     \
    (const char *const[]){__VA_ARGS__}, sizeof((const char *const[]){__VA_ARGS__}) / sizeof(char *)

/* One walk: the header's kind, the trusted proxies, the peer, the client that must come out
 * and the header lines (at most two). */
typedef struct walk {
    gr_fwd_header kind;
    const char *trusted, *peer, *want;
    const char *lines[2];
    size_t n;
} walk;

#define WALK(kind, trusted, peer, want, ...)                                                       \
    {                                                                                              \
        (kind), (trusted), (peer), (want), {__VA_ARGS__},                                          \
            sizeof((const char *const[]){__VA_ARGS__}) / sizeof(char *)                            \
    }

#define XFF_T "10.0.0.0/8"

#define FWD_T "10.0.0.0/8, fd00::/8"
#define XFF(peer, want, ...) WALK(GR_FWD_XFF, XFF_T, peer, want, __VA_ARGS__)
#define FWD(peer, want, ...) WALK(GR_FWD_FORWARDED, FWD_T, peer, want, __VA_ARGS__)

/* The walks of both headers, read by the two tests below. */
static const walk walk_cases[] = {
    /* an untrusted peer: the header is never believed */
    XFF("198.51.100.1", "198.51.100.1", "203.0.113.5"),
    /* a trusted peer: the rightmost untrusted hop */
    XFF("10.0.0.2", "203.0.113.5", "203.0.113.5"),
    XFF("10.0.0.2", "203.0.113.5", "1.1.1.1, 203.0.113.5, 10.1.1.1"),
    /* a client's own forged entries sit left of what our proxies wrote */
    XFF("10.0.0.2", "203.0.113.5", "6.6.6.6, 7.7.7.7", "203.0.113.5, 10.9.9.9"),
    /* all trusted: the leftmost */
    XFF("10.0.0.2", "10.3.3.3", "10.3.3.3, 10.4.4.4"),
    /* no header: the peer */
    {GR_FWD_XFF, XFF_T, "10.0.0.2", "10.0.0.2", {NULL}, 0},
    /* garbage ends the walk at the last trusted address */
    XFF("10.0.0.2", "10.0.0.2", "203.0.113.5, unknown"),
    XFF("10.0.0.2", "10.7.7.7", "203.0.113.5, garbage, 10.7.7.7"),
    XFF("10.0.0.2", "10.0.0.2", ""),
    XFF("10.0.0.2", "10.0.0.2", "203.0.113.5,"),
    XFF("10.0.0.2", "10.0.0.2", "\x01\xff"),
    /* ports and IPv6 */
    XFF("10.0.0.2", "203.0.113.5", "203.0.113.5:5555"),
    /* Forwarded (RFC 7239) */
    FWD("10.0.0.2", "192.0.2.60", "for=192.0.2.60;proto=http;by=203.0.113.43"),
    FWD("10.0.0.2", "2001:db8:cafe::17", "For=\"[2001:db8:cafe::17]:4711\""),
    FWD("10.0.0.2", "192.0.2.43", "for=\"192.0.2.43:47011\""),
    FWD("10.0.0.2", "198.51.100.17", "for=192.0.2.43, for=198.51.100.17;by=10.1.1.1"),
    FWD("10.0.0.2", "192.0.2.43", "for=6.6.6.6", "for=192.0.2.43, for=10.5.5.5"),
    FWD("10.0.0.2", "192.0.2.9", "proto=https; for = 192.0.2.9"),
    /* quoted commas and escapes stay inside their element */
    FWD("10.0.0.2", "192.0.2.1", "for=192.0.2.1;x=\"a,b\\\"c\", for=10.1.1.1"),
    /* obfuscated identifiers, unknown, no for=: the last trusted address */
    FWD("10.0.0.2", "10.0.0.2", "for=192.0.2.60, for=_hidden"),
    FWD("10.0.0.2", "10.1.1.1", "for=192.0.2.60, for=unknown, for=10.1.1.1"),
    FWD("10.0.0.2", "10.0.0.2", "for=192.0.2.60, proto=http"),
    FWD("10.0.0.2", "10.0.0.2", "for=\"unterminated"),
    FWD("10.0.0.2", "10.0.0.2", "for="),
    FWD("10.0.0.2", "10.0.0.2", ";;;,,,==="),
    /* an XFF-style value read as Forwarded is garbage */
    FWD("10.0.0.2", "10.0.0.2", "192.0.2.60"),
    /* untrusted peer */
    FWD("192.0.2.1", "192.0.2.1", "for=203.0.113.1"),
};

static const size_t walk_count = sizeof(walk_cases) / sizeof(walk_cases[0]);

/* Every walk of walk_cases with this header's kind; how many there were. */
static size_t walks(gr_fwd_header kind)
{
    size_t done = 0;
    for (size_t i = 0; i < walk_count; i++) {
        const walk *w = &walk_cases[i];
        if (w->kind == kind) {
            check(w->trusted, w->peer, kind, w->lines, w->n, w->want);
            done++;
        }
    }
    return done;
}

static void test_xff_walk(void **state)
{
    (void)state;
    const char *T = XFF_T;
    assert_int_equal(walks(GR_FWD_XFF), 12);
    check("10.0.0.0/8,fd00::/8", "fd00::1", GR_FWD_XFF, L("2001:db8::7, [fd00::9]:80"),
          "2001:db8::7");
    check("::1", "::1", GR_FWD_XFF, L("[2001:db8::7]:1234"), "2001:db8::7");
    /* more hops than are kept: the rightmost ones decide */
    char many[2048] = "";
    for (int i = 0; i < 100; i++) {
        strcat(many, "10.1.1.1, ");
    }
    strcat(many, "203.0.113.77, 10.2.2.2");
    check(T, "10.0.0.2", GR_FWD_XFF, L(many), "203.0.113.77");
    many[0] = '\0';
    for (int i = 0; i < 100; i++) {
        strcat(many, "10.1.1.1, ");
    }
    strcat(many, "10.2.2.2");
    check(T, "10.0.0.2", GR_FWD_XFF, L("6.6.6.6", many), "10.1.1.1"); /* trusted, not 6.6.6.6 */
}

static void test_forwarded_walk(void **state)
{
    (void)state;
    assert_int_equal(walks(GR_FWD_FORWARDED), 15);
}

static void test_key(void **state)
{
    (void)state;
    gr_ip a = ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), k;
    gr_client_key(&a, &k);
    assert_ip(&k, "2001:db8:1:2::");
    a = ip("192.0.2.77");
    gr_client_key(&a, &k);
    assert_ip(&k, "192.0.2.77");
}

static void test_random_bytes_never_crash(void **state)
{
    (void)state;
    gr_test_rng rng = {25};
    gr_proxies p;
    const char *bad;
    assert_int_equal(gr_proxies_parse("0.0.0.0/0,::/0", &p, &bad), 0);
    static const char alphabet[] = "0123456789abcdef.:[]\",;= \tfor_xunkow\\";
    for (int iter = 0; iter < 20000; iter++) {
        char line[80];
        size_t n = (size_t)gr_test_below(&rng, sizeof(line));
        for (size_t i = 0; i < n; i++) {
            line[i] = alphabet[gr_test_below(&rng, sizeof(alphabet) - 1)];
        }
        line[n] = '\0';
        const char *lines[1] = {line};
        gr_ip peer = ip("10.0.0.1"), out;
        gr_client_resolve(&peer, &p, iter % 2 ? GR_FWD_FORWARDED : GR_FWD_XFF, lines, 1, &out);
        gr_ip again;
        char text[64];
        gr_ip_format(&out, text, sizeof(text));
        assert_true(gr_ip_parse(text, strlen(text), &again));
        assert_memory_equal(again.b, out.b, 16);
    }
}

GR_TEST_MAIN(cmocka_unit_test(test_ip_shapes), cmocka_unit_test(test_proxies_parse),
             cmocka_unit_test(test_xff_walk), cmocka_unit_test(test_forwarded_walk),
             cmocka_unit_test(test_key), cmocka_unit_test(test_random_bytes_never_crash))
