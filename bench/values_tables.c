/*
 * The tables of the values (values/values.h): how long they take to
 * solve for a target that is not built in, to write to the cache and to
 * read back from it, and how big the file is; `bench/values_tables
 * [TARGET...]` (default 5000 and 10000) for bolo and bolo5.  Part of
 * `make bench` through bench/grade.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#include "values/values.h"

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Opens the values of game to target with the cache: the time taken. */
static double opened(const char *game, long target, const char *cache)
{
	cJSON *options = cJSON_CreateObject();
	char err[VALUES_ERR_LEN];
	double start = seconds();
	struct values *v;

	cJSON_AddNumberToObject(options, "target", (double)target);
	v = values_open(game, options, 2, cache, err);
	if (!v) {
		fprintf(stderr, "values_tables: %s\n", err);
		exit(1);
	}
	values_close(v);
	cJSON_Delete(options);
	return seconds() - start;
}

int main(int argc, char **argv)
{
	static const char *const games[] = {"bolo", "bolo5"};
	static const char *const fallback[] = {"5000", "10001"};
	const char *cache = getenv("VALUES_CACHE") ? getenv("VALUES_CACHE") : "/tmp";
	char *const *targets = argc > 1 ? argv + 1 : (char *const *)fallback;
	int count = argc > 1 ? argc - 1 : 2;

	printf("%-6s %7s %9s %9s %10s\n", "game", "target", "solve s", "read s",
	       "file KB");
	for (int i = 0; i < count; i++)
		for (int g = 0; g < 2; g++) {
			long target = atol(targets[i]);
			char path[4096];
			struct stat st;
			double solve = opened(games[g], target, cache);
			double read = opened(games[g], target, cache);

			snprintf(path, sizeof path, "%s/%s-%ld.values", cache,
				 games[g], (target + 49) / 50 * 50);
			printf("%-6s %7ld %9.2f %9.3f %10.0f\n", games[g], target,
			       solve, read,
			       stat(path, &st) ? 0.0 : (double)st.st_size / 1024);
			remove(path);
		}
	return 0;
}
