/*
 * A run's seed from the hex a user gives; see seed.h.
 */
#include "seed.h"

#include <string.h>

#include "games/fair.h"
#include "util.h"

int seed_from_hex(unsigned char seed[32], const char *hex)
{
	size_t len = strlen(hex);
	unsigned char bytes[64];

	if (len == 0 || len % 2 || len > 2 * sizeof bytes ||
	    hex_decode_exact(bytes, len / 2, hex))
		return -1;
	arena_fair_hash(seed, "arena:seed", NULL, 0, bytes, len / 2);
	return 0;
}
