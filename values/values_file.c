/*
 * The cache of tables (values_file.h): written whole under a temporary
 * name and renamed, so that a reader never sees half a file; read only
 * when its first line is exactly the one expected and the doubles are all
 * there, else solved again.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "games/support.h"
#include "values.h"
#include "values_file.h"

/* How many doubles the tables of w hold (win_solve.c's layout). */
static size_t values_file_count(const struct win_policy *w)
{
	size_t n = (size_t)w->cells * (size_t)w->cells;

	if (w->game.rules == DICE_BOLO)
		n += (1 + WIN_SUDDEN_TURNS) * (size_t)w->gaps;
	return n;
}

static void values_file_line(const struct win_policy *w, char *line,
			     size_t size)
{
	snprintf(line, size, "arena-values 1 %s %ld %ld %zu\n",
		 w->game.rules == DICE_BOLO ? "bolo" : "bolo5", w->target,
		 w->cap, values_file_count(w));
}

void values_file_path(const struct win_policy *w, const char *cache,
		      char *path, size_t size)
{
	snprintf(path, size, "%s/%s-%ld.values", cache,
		 w->game.rules == DICE_BOLO ? "bolo" : "bolo5", w->target);
}

int values_file_read(struct win_policy *w, const char *cache)
{
	char path[4096], want[128], line[128];
	size_t n = values_file_count(w);
	double *tables;
	FILE *f;
	int rc = -1;

	values_file_path(w, cache, path, sizeof path);
	values_file_line(w, want, sizeof want);
	f = fopen(path, "rb");
	if (!f)
		return -1;
	tables = arena_games_xmalloc(n * sizeof *tables);
	if (fgets(line, sizeof line, f) && strcmp(line, want) == 0 &&
	    fread(tables, sizeof *tables, n, f) == n && fgetc(f) == EOF) {
		w->solved = tables;
		w->play = tables;
		if (w->game.rules == DICE_BOLO) {
			w->final = tables + (size_t)w->cells * (size_t)w->cells;
			w->sudden = w->final + w->gaps;
		}
		rc = 0;
	} else {
		free(tables);
	}
	fclose(f);
	return rc;
}

int values_mkdirs(char *path, mode_t mode)
{
	for (char *slash = strchr(path + (*path != '\0'), '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(path, mode) && errno != EEXIST)
			return -1;
		*slash = '/';
	}
	return mkdir(path, mode) && errno != EEXIST ? -1 : 0;
}

/* Makes the folder `cache` (in path, size bytes): 0, or -1 with errno. */
static int make_cache(const char *cache, char *path, size_t size)
{
	if (snprintf(path, size, "%s", cache) >= (int)size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return values_mkdirs(path, 0777);
}

int values_file_write(const struct win_policy *w, const char *cache, char *err)
{
	char path[4096], temp[4160], line[128];
	FILE *f;
	bool ok;
	int fd;

	if (make_cache(cache, path, sizeof path)) {
		snprintf(err, VALUES_ERR_LEN, "cannot make %s: %s", cache,
			 strerror(errno));
		return -1;
	}
	values_file_path(w, cache, path, sizeof path);
	/* A name of its own: the threads of a server may write one file at
	 * once. */
	snprintf(temp, sizeof temp, "%s.XXXXXX", path);
	fd = mkstemp(temp);
	values_file_line(w, line, sizeof line);
	f = fd < 0 ? NULL : fdopen(fd, "wb");
	ok = f && fputs(line, f) >= 0 &&
	     fwrite(w->solved, sizeof *w->solved, values_file_count(w), f) ==
		     values_file_count(w);
	if (f && fclose(f))
		ok = false;
	if (!f && fd >= 0)
		close(fd);
	if (!ok || chmod(temp, 0644) || rename(temp, path)) {
		snprintf(err, VALUES_ERR_LEN, "cannot write %s: %s", path,
			 strerror(errno));
		if (fd >= 0)
			remove(temp);
		return -1;
	}
	return 0;
}
