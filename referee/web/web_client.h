/*
 * A client of the league's server as its caps count it (web_reaper.h,
 * web_busy.h): an IPv4 address, or an IPv6 client's /64, the network
 * one host is given, so that a host cannot rotate through its addresses
 * past a cap.  Both are kept as 16 bytes: an IPv4 address as its
 * IPv4-mapped IPv6 one (::ffff:a.b.c.d), which is also how an IPv6 text
 * names an IPv4 client.
 */
#ifndef ARENA_WEB_CLIENT_H
#define ARENA_WEB_CLIENT_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>

struct web_client {
	unsigned char bytes[16];
};

/* The client of IPv4 address `addr`. */
struct web_client web_client_ipv4(struct in_addr addr);

/* The client an address's text names, `len` bytes of `text`, spaces
 * around it ignored: IPv4 ("192.0.2.1", with ":PORT" too), IPv6 in full,
 * compressed or IPv4-mapped ("2001:db8::1", "::ffff:192.0.2.1"), bracketed
 * with or without a port ("[2001:db8::1]:443").  false for anything else. */
bool web_client_parse(const char *text, size_t len, struct web_client *client);

/* The client an X-Forwarded-For header names: its last entry (the one
 * the trusted proxy added).  false when that entry is no address. */
bool web_client_forwarded(const char *header, struct web_client *client);

bool web_client_same(const struct web_client *a, const struct web_client *b);

#endif
