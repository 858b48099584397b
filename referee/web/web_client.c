/*
 * A client of the league's server (web_client.h).
 */
#include <arpa/inet.h>
#include <string.h>

#include "web/web_client.h"

struct web_client web_client_ipv4(struct in_addr addr)
{
	struct web_client c = {.bytes = {[10] = 0xff, [11] = 0xff}};

	memcpy(c.bytes + 12, &addr, 4);
	return c;
}

/* The text of an address, without brackets or port: `text` cut to what
 * is between "[" and "]", or before an IPv4 address's ":PORT". */
static void strip_port(char *text)
{
	char *end = strchr(text, ']');
	char *colon = strchr(text, ':');

	if (text[0] == '[' && end && (end[1] == '\0' || end[1] == ':')) {
		*end = '\0';
		memmove(text, text + 1, strlen(text));
	} else if (colon && !strchr(colon + 1, ':')) {
		*colon = '\0';   /* one colon: IPv4:PORT (IPv6 has two or more) */
	}
}

bool web_client_parse(const char *text, size_t len, struct web_client *client)
{
	char address[INET6_ADDRSTRLEN + 8];
	struct in_addr v4;
	static const unsigned char mapped[12] = {[10] = 0xff, [11] = 0xff};

	while (len && (*text == ' ' || *text == '\t'))
		text++, len--;
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	if (len >= sizeof address)
		return false;
	memcpy(address, text, len);
	address[len] = '\0';
	strip_port(address);
	if (inet_pton(AF_INET, address, &v4) == 1) {
		*client = web_client_ipv4(v4);
		return true;
	}
	if (inet_pton(AF_INET6, address, client->bytes) != 1)
		return false;
	/* an IPv6 client is its /64; an IPv4-mapped one, its IPv4 address */
	if (memcmp(client->bytes, mapped, sizeof mapped))
		memset(client->bytes + 8, 0, 8);
	return true;
}

bool web_client_forwarded(const char *header, struct web_client *client)
{
	const char *last = header ? strrchr(header, ',') : NULL;

	if (!header)
		return false;
	last = last ? last + 1 : header;
	return web_client_parse(last, strlen(last), client);
}

bool web_client_same(const struct web_client *a, const struct web_client *b)
{
	return !memcmp(a->bytes, b->bytes, sizeof a->bytes);
}
