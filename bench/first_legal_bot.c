/*
 * The cheapest bot that follows the protocol (docs/PROTOCOL.md), for
 * bench/run.sh: it answers a request carrying "legal":[...] with the first
 * legal action copied verbatim and every other line with {}, so it also
 * declines the fairness exchange. No JSON parser: a short scan finds the
 * first element, which is enough for games whose actions are strings or
 * numbers without nested brackets (Rolit: "D3").  At goodbye it writes
 * its own CPU time to stderr ("cpu_us N"), so bench/tournament.sh can
 * tell the referee's CPU from the bots'.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/*
 * The length of the JSON value starting at s: a string (with escapes), or
 * anything else up to the next ',' or ']' less trailing spaces.
 */
static size_t value_len(const char *s)
{
	size_t i = 0;

	if (s[0] == '"') {
		for (i = 1; s[i] != '\0' && s[i] != '"'; i++)
			if (s[i] == '\\' && s[i + 1] != '\0')
				i++;
		return s[i] == '"' ? i + 1 : i;
	}
	while (s[i] != '\0' && s[i] != ',' && s[i] != ']')
		i++;
	while (i > 0 && strchr(" \t\r\n", s[i - 1]) != NULL)
		i--;
	return i;
}

/*
 * The first element of the "legal" array in line, or NULL when there is
 * none: a "legal" followed (spaces allowed) by ':' and '['.
 */
static const char *first_legal(const char *line)
{
	for (const char *k = line; (k = strstr(k, "\"legal\"")) != NULL; k++) {
		const char *p = k + strlen("\"legal\"");

		p += strspn(p, " \t");
		if (*p++ != ':')
			continue;
		p += strspn(p, " \t");
		if (*p++ != '[')
			continue;
		p += strspn(p, " \t");
		return *p == ']' ? NULL : p;
	}
	return NULL;
}

int main(void)
{
	char *line = NULL;
	size_t cap = 0;

	while (getline(&line, &cap, stdin) > 0) {
		const char *legal = first_legal(line);
		size_t len = legal != NULL ? value_len(legal) : 0;

		if (strstr(line, "\"goodbye\"")) {
			struct rusage ru;

			getrusage(RUSAGE_SELF, &ru);
			fprintf(stderr, "cpu_us %ld\n",
				(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000L +
				ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
		}
		if (len > 0)
			printf("{\"action\":%.*s}\n", (int)len, legal);
		else
			fputs("{}\n", stdout);
		fflush(stdout);
	}
	free(line);
	return 0;
}
