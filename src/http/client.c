/*
 * Client identity (see client.h).  Forwarding headers are parsed from the
 * right, as the proxies appended to them: each proxy adds the address it
 * received the request from at the end, so the rightmost hops are the
 * ones our own proxies wrote, and everything left of the first address
 * that is not one of them was written by the client and proves nothing.
 */
#include "http/client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Elements of one header line considered (the rightmost ones). */
#define GR_CLIENT_MAX_HOPS 32

typedef struct gr_span {
    const char *s;
    size_t n;
} gr_span;

static bool gr_ows(char c)
{
    return c == ' ' || c == '\t';
}

static gr_span gr_trim(const char *s, size_t n)
{
    while (n > 0 && gr_ows(s[0])) {
        s++, n--;
    }
    while (n > 0 && gr_ows(s[n - 1])) {
        n--;
    }
    return (gr_span){s, n};
}

static void gr_ip_from_v4(const struct in_addr *a, gr_ip *out)
{
    memset(out->b, 0, 10);
    out->b[10] = out->b[11] = 0xff;
    memcpy(out->b + 12, &a->s_addr, 4);
}

static bool gr_ip_is_v4(const gr_ip *ip)
{
    static const uint8_t prefix[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    return memcmp(ip->b, prefix, 12) == 0;
}

static bool gr_port_ok(const char *s, size_t n)
{
    if (n == 0 || n > 5) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
    }
    return true;
}

/* A bare address (no brackets, no port) into out. */
static bool gr_ip_bare(const char *s, size_t n, gr_ip *out)
{
    char tmp[INET6_ADDRSTRLEN + 1];
    if (n == 0 || n >= sizeof(tmp)) {
        return false;
    }
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    struct in_addr a4;
    struct in6_addr a6;
    if (memchr(s, ':', n) == NULL) {
        if (inet_pton(AF_INET, tmp, &a4) != 1) {
            return false;
        }
        gr_ip_from_v4(&a4, out);
        return true;
    }
    if (inet_pton(AF_INET6, tmp, &a6) != 1) {
        return false;
    }
    memcpy(out->b, &a6, 16);
    return true;
}

bool gr_ip_parse(const char *s, size_t n, gr_ip *out)
{
    gr_span t = gr_trim(s, n);
    s = t.s, n = t.n;
    if (n == 0) {
        return false;
    }
    if (s[0] == '[') {
        const char *close = memchr(s, ']', n);
        if (close == NULL) {
            return false;
        }
        size_t in = (size_t)(close - s) - 1, rest = n - in - 2;
        if (memchr(s + 1, ':', in) == NULL) {
            return false; /* brackets hold IPv6 only */
        }
        if (rest != 0 && (close[1] != ':' || !gr_port_ok(close + 2, rest - 1))) {
            return false;
        }
        return gr_ip_bare(s + 1, in, out);
    }
    const char *colon = memchr(s, ':', n);
    if (colon != NULL && memchr(colon + 1, ':', n - (size_t)(colon - s) - 1) == NULL) {
        /* one colon: IPv4 with a port */
        size_t host = (size_t)(colon - s);
        if (memchr(s, '.', host) == NULL || !gr_port_ok(colon + 1, n - host - 1)) {
            return false;
        }
        return gr_ip_bare(s, host, out);
    }
    return gr_ip_bare(s, n, out);
}

bool gr_ip_of_sockaddr(const struct sockaddr *sa, gr_ip *out)
{
    if (sa == NULL) {
        return false;
    }
    if (sa->sa_family == AF_INET) {
        gr_ip_from_v4(&((const struct sockaddr_in *)sa)->sin_addr, out);
        return true;
    }
    if (sa->sa_family == AF_INET6) {
        memcpy(out->b, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
        return true;
    }
    return false;
}

bool gr_ip_to_sockaddr(const gr_ip *ip, struct sockaddr_storage *out)
{
    memset(out, 0, sizeof(*out));
    if (gr_ip_is_v4(ip)) {
        struct sockaddr_in *sin = (struct sockaddr_in *)out;
        sin->sin_family = AF_INET;
        memcpy(&sin->sin_addr.s_addr, ip->b + 12, 4);
    } else {
        struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)out;
        sin6->sin6_family = AF_INET6;
        memcpy(&sin6->sin6_addr, ip->b, 16);
    }
    return true;
}

void gr_ip_format(const gr_ip *ip, char *out, size_t cap)
{
    if (gr_ip_is_v4(ip)) {
        inet_ntop(AF_INET, ip->b + 12, out, (socklen_t)cap);
    } else {
        inet_ntop(AF_INET6, ip->b, out, (socklen_t)cap);
    }
}

static void gr_mask(gr_ip *ip, unsigned bits)
{
    for (unsigned i = 0; i < 16; i++) {
        unsigned keep = bits >= 8 * (i + 1) ? 8 : bits > 8 * i ? bits - 8 * i : 0;
        ip->b[i] &= (uint8_t)(0xff00u >> keep);
    }
}

static bool gr_cidr_parse(const char *s, size_t n, gr_cidr *out)
{
    const char *slash = memchr(s, '/', n);
    size_t host = slash != NULL ? (size_t)(slash - s) : n;
    if (!gr_ip_bare(s, host, &out->net)) {
        return false;
    }
    bool v4 = memchr(s, ':', host) == NULL;
    unsigned max = v4 ? 32 : 128, bits = max;
    if (slash != NULL) {
        size_t dn = n - host - 1;
        if (dn == 0 || dn > 3) {
            return false;
        }
        bits = 0;
        for (size_t i = 0; i < dn; i++) {
            char c = slash[1 + i];
            if (c < '0' || c > '9') {
                return false;
            }
            bits = bits * 10 + (unsigned)(c - '0');
        }
        if (bits > max) {
            return false;
        }
    }
    out->bits = v4 ? bits + 96 : bits;
    gr_mask(&out->net, out->bits);
    return true;
}

int gr_proxies_parse(const char *list, gr_proxies *out, const char **bad)
{
    out->n = 0;
    const char *p = list;
    while (*p != '\0') {
        size_t len = strcspn(p, ",");
        gr_span item = gr_trim(p, len);
        if (item.n > 0) {
            if (out->n == GR_CLIENT_MAX_PROXIES ||
                !gr_cidr_parse(item.s, item.n, &out->v[out->n])) {
                *bad = out->n == GR_CLIENT_MAX_PROXIES ? list : item.s;
                return -1;
            }
            out->n++;
        }
        p += len;
        if (*p == ',') {
            p++;
        }
    }
    return 0;
}

bool gr_proxies_has(const gr_proxies *p, const gr_ip *ip)
{
    for (size_t i = 0; i < p->n; i++) {
        gr_ip m = *ip;
        gr_mask(&m, p->v[i].bits);
        if (memcmp(m.b, p->v[i].net.b, 16) == 0) {
            return true;
        }
    }
    return false;
}

/* The elements of one header line, split at commas outside quoted
 * strings; the rightmost GR_CLIENT_MAX_HOPS kept (*cut: some were not).
 * Returns how many. */
static size_t gr_split(const char *line, gr_span *out, bool *cut)
{
    size_t n = 0;
    *cut = false;
    const char *start = line;
    bool quoted = false;
    for (const char *p = line;; p++) {
        if (*p == '\0' || (*p == ',' && !quoted)) {
            if (n == GR_CLIENT_MAX_HOPS) {
                memmove(out, out + 1, (n - 1) * sizeof(*out));
                n--;
                *cut = true;
            }
            out[n++] = (gr_span){start, (size_t)(p - start)};
            if (*p == '\0') {
                return n;
            }
            start = p + 1;
        } else if (*p == '"') {
            quoted = !quoted;
        } else if (*p == '\\' && quoted && p[1] != '\0') {
            p++;
        }
    }
}

/* The node of a Forwarded element's for= parameter (RFC 7239 §4, §6),
 * unquoted into buf; false when it has none. */
static bool gr_forwarded_for(gr_span el, char *buf, size_t cap, gr_span *node)
{
    const char *p = el.s, *end = el.s + el.n;
    while (p < end) {
        while (p < end && (gr_ows(*p) || *p == ';')) {
            p++;
        }
        const char *name = p;
        while (p < end && *p != '=' && *p != ';') {
            p++;
        }
        gr_span key = gr_trim(name, (size_t)(p - name));
        if (p >= end || *p != '=') {
            continue; /* a parameter without a value: skip it */
        }
        p++;
        while (p < end && gr_ows(*p)) {
            p++;
        }
        size_t len = 0;
        if (p < end && *p == '"') {
            for (p++; p < end && *p != '"'; p++) {
                if (*p == '\\' && p + 1 < end) {
                    p++;
                }
                if (len + 1 >= cap) {
                    return false;
                }
                buf[len++] = *p;
            }
            if (p >= end) {
                return false; /* unterminated */
            }
            p++;
        } else {
            while (p < end && *p != ';' && !gr_ows(*p)) {
                if (len + 1 >= cap) {
                    return false;
                }
                buf[len++] = *p++;
            }
        }
        if (key.n == 3 && strncasecmp(key.s, "for", 3) == 0) {
            *node = (gr_span){buf, len};
            return true;
        }
    }
    return false;
}

void gr_client_resolve(const gr_ip *peer, const gr_proxies *trusted, gr_fwd_header kind,
                       const char *const *lines, size_t nlines, gr_ip *client)
{
    *client = *peer;
    if (!gr_proxies_has(trusted, peer)) {
        return;
    }
    gr_span hops[GR_CLIENT_MAX_HOPS];
    for (size_t li = nlines; li-- > 0;) {
        bool cut;
        size_t n = gr_split(lines[li], hops, &cut);
        for (size_t i = n; i-- > 0;) {
            char buf[96];
            gr_span node = hops[i];
            if (kind == GR_FWD_FORWARDED && !gr_forwarded_for(hops[i], buf, sizeof(buf), &node)) {
                return;
            }
            gr_ip ip;
            if (!gr_ip_parse(node.s, node.n, &ip)) {
                return; /* unknown, obfuscated or garbage: stop here */
            }
            *client = ip;
            if (!gr_proxies_has(trusted, &ip)) {
                return;
            }
        }
        if (cut) {
            return; /* what was left of the hops kept is not walked past */
        }
    }
}

void gr_client_key(const gr_ip *client, gr_ip *key)
{
    *key = *client;
    if (!gr_ip_is_v4(key)) {
        gr_mask(key, 64);
    }
}
