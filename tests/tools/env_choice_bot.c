/*
 * A bot whose every choice is a function of the exact line it is sent:
 * legal[crc32(line) % len(legal)], the line without its newline and the
 * CRC-32 of zlib (Python's zlib.crc32).  It declines the fairness exchange
 * (it answers commit with {}), so that the dice of `referee play --seed
 * HEX` between such bots are those of arena_env's games of that seed:
 * tests/e2e/env_referee.sh plays environment games that choose the same
 * way from info["turn_line"] and compares them with the referee's logs,
 * move for move.  One byte of a turn message that differed would change
 * the choices that follow.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

/* zlib's CRC-32 (reflected, polynomial 0xedb88320), bit by bit. */
static uint32_t crc32_of(const char *s, size_t n)
{
	uint32_t crc = 0xffffffffu;

	for (size_t i = 0; i < n; i++) {
		crc ^= (unsigned char)s[i];
		for (int b = 0; b < 8; b++)
			crc = crc >> 1 ^ (0xedb88320u & (0u - (crc & 1u)));
	}
	return ~crc;
}

int main(void)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	while ((len = getline(&line, &cap, stdin)) > 0) {
		cJSON *msg, *legal;
		int n;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		msg = cJSON_Parse(line);
		legal = cJSON_GetObjectItemCaseSensitive(msg, "legal");
		n = cJSON_GetArraySize(legal);
		if (n > 0) {
			char *action = cJSON_PrintUnformatted(cJSON_GetArrayItem(
				legal, (int)(crc32_of(line, (size_t)len) % (uint32_t)n)));

			printf("{\"action\":%s}\n", action);
			free(action);
		} else {
			puts("{}");
		}
		fflush(stdout);
		cJSON_Delete(msg);
	}
	free(line);
	return 0;
}
