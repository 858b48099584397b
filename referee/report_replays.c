/*
 * The replay pages of a report (report.h), made on every core and only
 * for what is new: each log is read once and replayed once (replay.h:
 * which verifies it), by whichever of as many worker processes as there
 * are cores takes it next, into its page and its entry of the games list.  The entries are
 * kept in OUT/replays/games.jsonl with each log's SHA-256, so the next
 * build reuses the entry and leaves the page alone (its time and inode
 * too) of a log whose bytes did not change, which it reads only to hash;
 * a build with another trusted key or by another version of the referee
 * starts afresh.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "files.h"
#include "html.h"
#include "json.h"
#include "outdir.h"
#include "paths.h"
#include "report_replays.h"
#include "replay.h"
#include "replay_members.h"
#include "util.h"
#include "visible.h"

/* The cache's first line: what every entry in it depends on besides its
 * log. */
static char *cache_header(const unsigned char *trusted_key)
{
	cJSON *h = cJSON_CreateObject();
	char hex[65], *line;

	cJSON_AddStringToObject(h, "referee", PACKAGE_VERSION);
	if (trusted_key) {
		hex_encode(hex, trusted_key, 32);
		cJSON_AddStringToObject(h, "trusted", hex);
	} else {
		cJSON_AddNullToObject(h, "trusted");
	}
	line = json_print_line(h);
	cJSON_Delete(h);
	return line;
}

/* The cache of the last build: each line by its log's name ("log" of its
 * "entry"), in name order for bsearch. */
struct cached {
	const char *log;
	cJSON *line;
};

struct cache {
	struct cached *entries;
	size_t count;
};

static int by_log(const void *a, const void *b)
{
	return strcmp(((const struct cached *)a)->log, ((const struct cached *)b)->log);
}

/* The line of log `name` in the cache, or NULL. */
static const cJSON *cache_find(const struct cache *cache, const char *name)
{
	struct cached key = {.log = name};
	const struct cached *found = cache->count ? bsearch(&key, cache->entries, cache->count,
							    sizeof key, by_log) : NULL;

	return found ? found->line : NULL;
}

/* The entries of the last build when it was made by this referee with
 * this key; else none. */
static void cache_read(const char *path, const char *header, struct cache *cache)
{
	FILE *in = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	memset(cache, 0, sizeof *cache);
	if (!in)
		return;
	len = getline(&line, &cap, in);
	if (len > 0 && line[len - 1] == '\n')
		line[--len] = '\0';
	if (len > 0 && !strcmp(line, header)) {
		while ((len = getline(&line, &cap, in)) > 0) {
			cJSON *item = cJSON_ParseWithLength(line, (size_t)len);
			const char *log = cJSON_GetStringValue(json_member(
				json_member(item, "entry"), "log"));

			if (!log) {
				cJSON_Delete(item);
				continue;
			}
			cache->entries = xrealloc(cache->entries, (cache->count + 1) *
						  sizeof *cache->entries);
			cache->entries[cache->count++] = (struct cached){log, item};
		}
	}
	free(line);
	fclose(in);
	if (cache->count)
		qsort(cache->entries, cache->count, sizeof *cache->entries, by_log);
}

static void cache_free(struct cache *cache)
{
	for (size_t i = 0; i < cache->count; i++)
		cJSON_Delete(cache->entries[i].line);
	free(cache->entries);
}

/* The forfeits of a game, seat and reason, into its entry. */
static void add_forfeits(const cJSON *doc, cJSON *entry)
{
	cJSON *forfeits = cJSON_AddArrayToObject(entry, "forfeits");
	const cJSON *step;

	cJSON_ArrayForEach(step, json_member(doc, "steps")) {
		const cJSON *forfeit = json_member(step, "forfeit");
		const char *reason = cJSON_GetStringValue(
			json_member(forfeit, "reason"));
		cJSON *f;

		if (!forfeit)
			continue;
		f = cJSON_CreateObject();
		cJSON_AddNumberToObject(f, "seat", replay_int(step, "seat", -1));
		cJSON_AddStringToObject(f, "reason", reason ? reason : "?");
		cJSON_AddItemToArray(forfeits, f);
	}
}

/* Replays one log into its page, reading it once: its cache line,
 * {"sha256", "entry"}, the SHA-256 of the bytes replayed ("" when the
 * log cannot be read).  Its trees come from the worker's region (work()),
 * which releases them after the log: the replay is not taken apart node
 * by node first (a twentieth of the worker's time). */
static cJSON *replay_log(const char *out, const struct report_log *l,
			 const unsigned char *trusted_key)
{
	struct replay_options options = {.trusted_key = trusted_key};
	cJSON *line = cJSON_CreateObject(), *entry;
	const cJSON *verify;
	struct game_log log;
	struct replay r;
	char err[ERR_LEN], *page, *link, sha[FILES_SHA256_HEX] = "";
	int rc = logread_load(l->path, &log, err);

	if (rc == 0)
		files_sha256_bytes(log.buffer, log.size, sha);
	cJSON_AddStringToObject(line, "sha256", sha);
	entry = cJSON_AddObjectToObject(line, "entry");
	cJSON_AddStringToObject(entry, "log", l->log);
	if (rc || replay_build(&log, &options, &r, err)) {
		if (log.buffer || log.lines)
			logread_free(&log);
		cJSON_AddBoolToObject(entry, "verified", false);
		cJSON_AddStringToObject(entry, "error", err);
		return line;
	}
	link = outdir_replay_page(NULL, l->base);
	page = outdir_replay_page(out, l->base);
	if (html_write_replay(page, r.doc, true, err) == 0)
		cJSON_AddStringToObject(entry, "replay", link);
	else
		visible_line(stderr, "referee report: %s", err);
	free(page);
	free(link);
	verify = json_member(r.doc, "verify");
	cJSON_AddBoolToObject(entry, "verified", r.verified);
	for (const char *const *name = (const char *const[]){"game_id", "game", "players",
							     "result", NULL}; *name; name++)
		cJSON_AddItemToObject(entry, *name, cJSON_Duplicate(
			json_member(r.doc, *name), true));
	cJSON_AddNumberToObject(entry, "moves", r.moves);
	if (r.verified) {
		cJSON_AddItemToObject(line, "key", cJSON_Duplicate(
			json_member(verify, "key"), true));
		add_forfeits(r.doc, entry);
	} else {
		cJSON_AddItemToObject(entry, "error", cJSON_Duplicate(
			json_member(verify, "error"), true));
	}
	logread_free(&log);
	return line;
}

/* Whether the cache's line `old` still holds for log `l`: its page is
 * there and the log's bytes have the SHA-256 they had (the log is read
 * to hash it, but neither parsed nor verified again). */
static bool still_holds(const char *out, const struct report_log *l, const cJSON *old)
{
	const char *old_sha = cJSON_GetStringValue(json_member(old, "sha256"));
	const char *replay = cJSON_GetStringValue(json_member(
		json_member(old, "entry"), "replay"));
	char sha[FILES_SHA256_HEX], *page;
	bool holds;

	if (!old_sha || !replay)
		return false;
	page = path_join(out, replay);
	holds = !access(page, F_OK) && !files_sha256(AT_FDCWD, l->path, sha) &&
		!strcmp(old_sha, sha);
	free(page);
	return holds;
}

/* A worker: the next log not taken by any worker (*next, which they
 * share), until none is left, each as the cache has it when it still
 * holds, else replayed; their lines, each with its index "i", to `to`.
 * Taking logs one by one, a worker slowed by other work on its core
 * leaves more to the others (with a fixed share each, all waited for the
 * slowest). */
static void work(const char *out, const struct report_log *logs, size_t count,
		 const unsigned char *trusted_key, const struct cache *cache,
		 atomic_size_t *next, FILE *to)
{
	struct region trees;
	size_t i;

	region_init(&trees, 0);
	region_json_start(&trees);
	while ((i = atomic_fetch_add(next, 1)) < count) {
		const cJSON *old = cache_find(cache, logs[i].log);
		char *text;
		cJSON *line;

		if (old && still_holds(out, &logs[i], old))
			line = cJSON_Duplicate(old, true);
		else
			line = replay_log(out, &logs[i], trusted_key);
		cJSON_AddNumberToObject(line, "i", (double)i);
		text = json_print_line(line);
		fprintf(to, "%s\n", text);
		free(text);
		region_reset(&trees);
	}
	region_json_stop();
	region_free(&trees);
	fflush(to);
}

/* Reads a worker's lines into lines[their "i"]. */
static void gather(FILE *from, cJSON **lines, size_t count)
{
	char *text = NULL;
	size_t cap = 0;
	ssize_t len;

	rewind(from);
	while ((len = getline(&text, &cap, from)) > 0) {
		cJSON *line = cJSON_ParseWithLength(text, (size_t)len);
		double i = cJSON_GetNumberValue(json_member(line, "i"));

		if (i >= 0 && i < (double)count && !lines[(size_t)i]) {
			cJSON_DeleteItemFromObjectCaseSensitive(line, "i");
			lines[(size_t)i] = line;
		} else {
			cJSON_Delete(line);
		}
	}
	free(text);
}

/* Writes the cache for the next build. */
static int cache_write(const char *path, const char *header, cJSON *const *lines,
		       size_t count, char *err)
{
	char *text = NULL;
	size_t len = 0;
	FILE *buffer = open_memstream(&text, &len);
	int rc;

	if (!buffer)
		return errorf(err, "out of memory for %s", path);
	fprintf(buffer, "%s\n", header);
	for (size_t i = 0; i < count; i++) {
		char *line = json_print_line(lines[i]);

		fprintf(buffer, "%s\n", line);
		free(line);
	}
	fclose(buffer);
	rc = html_write_file(path, text, len, err);
	free(text);
	return rc;
}

int report_replays(const char *out, const struct report_log *logs, size_t count,
		   const unsigned char *trusted_key, cJSON **lines, char *err)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int jobs = cores < 1 ? 1 : count < (size_t)cores ? (int)count : (int)cores;
	char *path = outdir_replays(out), *header = cache_header(trusted_key);
	struct cache cache;
	FILE **to = xcalloc((size_t)jobs + 1, sizeof *to);
	pid_t *pids = xcalloc((size_t)jobs + 1, sizeof *pids);
	atomic_size_t *next = mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int rc = 0;

	if (next == MAP_FAILED)
		rc = errorf(err, "cannot share the report's work: %s", strerror(errno));
	else
		atomic_init(next, 0);
	if (rc == 0 && html_write_replay_assets(path, err))
		rc = -1;
	free(path);
	path = outdir_replays_cache(out);
	cache_read(path, header, &cache);
	fflush(NULL);
	for (int k = 0; rc == 0 && k < jobs; k++) {
		to[k] = tmpfile();
		pids[k] = to[k] ? fork() : -1;
		if (pids[k] == 0) {
			int failed;

			work(out, logs, count, trusted_key, &cache, next, to[k]);
			failed = ferror(to[k]);
			/* The worker ends with _exit (nothing of the parent's is
			 * flushed twice); what it made is freed first. */
			cache_free(&cache);
			free(header);
			free(path);
			for (int j = 0; j <= k; j++)
				fclose(to[j]);
			free(to);
			free(pids);
			_exit(failed ? 1 : 0);
		}
		if (pids[k] < 0)
			rc = errorf(err, "cannot start the report's workers: %s", strerror(errno));
	}
	for (int k = 0; k < jobs; k++) {
		int status = 0;
		pid_t done;

		if (pids[k] > 0) {
			while ((done = waitpid(pids[k], &status, 0)) < 0 && errno == EINTR)
				continue;
			if ((done != pids[k] || !WIFEXITED(status) || WEXITSTATUS(status)) &&
			    rc == 0)
				rc = errorf(err, "a worker of the report failed");
		}
		if (to[k] && rc == 0)
			gather(to[k], lines, count);
		if (to[k])
			fclose(to[k]);
	}
	for (size_t i = 0; rc == 0 && i < count; i++)
		if (!lines[i])
			rc = errorf(err, "a worker of the report left out %s", logs[i].log);
	if (rc == 0)
		rc = cache_write(path, header, lines, count, err);
	cache_free(&cache);
	free(header);
	free(path);
	free(to);
	free(pids);
	if (next != MAP_FAILED)
		munmap(next, sizeof *next);
	return rc;
}
