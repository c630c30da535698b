/*
 * Who a request's client is, for the per-client limits (pool.c): the peer
 * address of the connection, or, when that peer is one of the proxies
 * named by --trusted-proxies, the first untrusted address of the
 * forwarding header walking from the right (nginx's real_ip module with
 * real_ip_recursive on).  The header alone is never believed: any client
 * can send one.
 *
 * Addresses are 16 bytes, IPv4 as IPv4-mapped IPv6 (::ffff:a.b.c.d), so
 * one comparison serves both families.  The key a client is counted under
 * is its IPv4 address, or its IPv6 /64 (one host's privacy addresses all
 * fall in one /64, so rotating them does not make a new client).
 *
 * Pure and allocation-free: the unit tests call it directly.
 */
#ifndef GR_CLIENT_H
#define GR_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#define GR_CLIENT_MAX_PROXIES 64 /* CIDRs in --trusted-proxies */
#define GR_CLIENT_MAX_HEADERS 8  /* forwarding header lines read (the rightmost) */

typedef struct gr_ip {
    uint8_t b[16];
} gr_ip;

typedef struct gr_cidr {
    gr_ip net; /* masked */
    unsigned bits;
} gr_cidr;

typedef struct gr_proxies {
    gr_cidr v[GR_CLIENT_MAX_PROXIES];
    size_t n;
} gr_proxies;

/* Which header the trusted proxies write. */
typedef enum gr_fwd_header { GR_FWD_XFF, GR_FWD_FORWARDED } gr_fwd_header;

/* Parses "CIDR,CIDR,..." (IPv4 or IPv6, a bare address is a /32 or /128;
 * spaces around items allowed).  0, or -1 with *bad pointing at the item
 * that is not one (or at the list, when there are too many). */
int gr_proxies_parse(const char *list, gr_proxies *out, const char **bad);
bool gr_proxies_has(const gr_proxies *p, const gr_ip *ip);

/* One address ("192.0.2.1", "2001:db8::1", "[2001:db8::1]", either with a
 * ":port"), s[0..n).  Returns whether it is one. */
bool gr_ip_parse(const char *s, size_t n, gr_ip *out);
/* The address of a socket address (AF_INET, AF_INET6); false otherwise. */
bool gr_ip_of_sockaddr(const struct sockaddr *sa, gr_ip *out);
/* The socket address of ip (port 0), for the access log. */
bool gr_ip_to_sockaddr(const gr_ip *ip, struct sockaddr_storage *out);
/* Text form into out (at least 46 bytes). */
void gr_ip_format(const gr_ip *ip, char *out, size_t cap);

/* The client of a request from `peer`, given the values of its forwarding
 * header lines (in the order received; `lines` of them, `kind` telling
 * how to read them).  When the peer is not trusted: the peer.  Otherwise
 * the hops of the header, rightmost first: a trusted hop is skipped, the
 * first untrusted one is the client; a hop that is no address (garbage,
 * "unknown", an obfuscated identifier, a Forwarded element without for=)
 * ends the walk and the last trusted address seen is the client; when all
 * hops are trusted, the leftmost is. */
void gr_client_resolve(const gr_ip *peer, const gr_proxies *trusted, gr_fwd_header kind,
                       const char *const *lines, size_t nlines, gr_ip *client);

/* The key the client is counted under (IPv6 masked to its /64). */
void gr_client_key(const gr_ip *client, gr_ip *key);

#endif
