/*
 * A league game's what-if (web_what_if.h): its page, or the referee's
 * refusal, kept in DIR/what-if/HASH.html or HASH.refused, HASH the
 * SHA-256 of the log's path, the move and the action.
 */
#include "web/web_what_if.h"

#include <dirent.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/child.h"
#include "base/files.h"
#include "base/paths.h"
#include "base/util.h"

/* One what-if played at a time, server-wide: the others are refused at
 * once, not queued on a handler thread. */
static pthread_mutex_t playing = PTHREAD_MUTEX_INITIALIZER;

/* Plays the what-if of the log at `log` into `page`, or its refusal into
 * `refused` (the referee's stderr): 0, or -1 with err. */
static int play(const char *log, const char *spec, const char *page, const char *refused,
		char *err)
{
	char *partial = xasprintf("%s.part", page), *words = xasprintf("%s.part", refused);
	char *argv[] = {"referee", "replay", (char *)log, "--what-if", (char *)spec,
			"--format", "html", "-o", partial, NULL};
	struct child c = {.path = "/proc/self/exe", .argv = argv, .output = words,
			  .own_group = true, .parent_death = true};
	bool overdue;
	int rc = child_run_within(&c, WEB_WHAT_IF_SECONDS, NULL, NULL, &overdue, err);

	if (overdue)
		rc = errorf(err, "the what-if took more than %d s: it was stopped",
			    WEB_WHAT_IF_SECONDS);
	else if (rc == 0 && rename(partial, page))
		rc = errorf(err, "cannot keep the what-if's page");
	else if (rc > 0 && rename(words, refused))
		rc = errorf(err, "cannot keep the what-if's refusal");
	remove(partial);
	remove(words);
	free(partial);
	free(words);
	return rc < 0 ? -1 : 0;
}

/* The kept page or refusal of `key` (paths in the what-if folder): the
 * page, or NULL with the refusal in err and *status 400, or NULL and 0
 * when none is kept. */
static char *kept(const char *page, const char *refused, unsigned *status, char *err)
{
	size_t len;
	char *text = files_read_all(page, &len), *why;

	*status = text ? MHD_HTTP_OK : 0;
	if (text || !(why = files_read_all(refused, &len)))
		return text;
	why[strcspn(why, "\n")] = '\0';
	snprintf(err, ERR_LEN, "%s", strncmp(why, "referee replay: ", 16) ? why : why + 16);
	free(why);
	*status = MHD_HTTP_BAD_REQUEST;
	return NULL;
}

/* Whether the query holds a move (into *n) and an action. */
static bool query_ok(const char *move, const char *action, long *n, char *err)
{
	if (!move || !whole_number(move, 0, 999999, n))
		return errorf(err, "give move=N, the decision played otherwise (1 or more)") && false;
	if (!action || !action[0] || strlen(action) > 256)
		return errorf(err, "give action=ACTION, as the log writes it (at most 256 "
			      "bytes), or action=best") && false;
	return true;
}

/* Whether the folder holds fewer than WEB_WHAT_IF_KEPT files (or is not
 * there yet). */
static bool room_in(const char *folder)
{
	DIR *d = opendir(folder);
	unsigned n = 0;

	if (!d)
		return true;
	while (n < WEB_WHAT_IF_KEPT + 2 && readdir(d))
		n++;
	closedir(d);
	return n < WEB_WHAT_IF_KEPT + 2; /* . and .. */
}

/* The what-if played now, unless another is or no room is left (503) or
 * who asks has begun their most this minute (429), and kept: its page,
 * or NULL with its refusal as kept(). */
static char *played(const char *folder, const char *log, const char *spec,
		    const char *page, const char *refused, const struct web_what_if_asker *who,
		    unsigned *status, char *err)
{
	char *text = NULL;

	*status = MHD_HTTP_SERVICE_UNAVAILABLE;
	if (pthread_mutex_trylock(&playing)) {
		errorf(err, "another what-if is being played: ask again in a few seconds");
		return NULL;
	}
	if (!room_in(folder)) {
		errorf(err, "the server keeps %d what-ifs, its most: those are still "
		       "answered, and no other is played", WEB_WHAT_IF_KEPT);
	} else if (!web_busy_rate(who->busy, who->key, who->per_minute)) {
		*status = MHD_HTTP_TOO_MANY_REQUESTS;
		errorf(err, "you have had %u new what-ifs played this minute, your most: "
		       "ask again next minute (one played already is answered now)",
		       who->per_minute);
	} else {
		*status = MHD_HTTP_INTERNAL_SERVER_ERROR;
		if (!files_mkdirs(folder, err) && !play(log, spec, page, refused, err))
			text = kept(page, refused, status, err);
	}
	pthread_mutex_unlock(&playing);
	return text;
}

char *web_what_if(const char *dir, const char *rel, const char *move,
		  const char *action, const struct web_what_if_asker *who,
		  unsigned *status, char *err)
{
	char *log = path_join(dir, rel), *folder = path_join(dir, "what-if"), *spec = NULL;
	char hash[FILES_SHA256_HEX], *text = NULL, *key, *page, *refused;
	long n;

	*status = MHD_HTTP_NOT_FOUND;
	/* The move as its number: "7" and "007" are one what-if, kept once. */
	if (access(log, R_OK) == 0 && (*status = MHD_HTTP_BAD_REQUEST, query_ok(move, action, &n, err)))
		spec = xasprintf("%ld=%s", n, action);
	if (spec) {
		key = xasprintf("%s\n%s", rel, spec);
		files_sha256_bytes(key, strlen(key), hash);
		page = path_joinf(folder, "%s.html", hash);
		refused = path_joinf(folder, "%s.refused", hash);
		if (!(text = kept(page, refused, status, err)) && !*status)
			text = played(folder, log, spec, page, refused, who, status, err);
		free(key);
		free(page);
		free(refused);
	}
	free(spec);
	free(log);
	free(folder);
	return text;
}
