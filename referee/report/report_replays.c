/*
 * The replay pages of a report (report.h), made on every core and only for
 * what is new: a page holds the replays of a hundred games in the games
 * list's order, and whichever of as many worker processes as there are
 * cores (base/pool.h) is handed a page reads and replays each of its logs
 * once (replay.h: which verifies it) into the page and its entry of the
 * games list, with the game's grade (grade.h: one grader a worker, which
 * keeps the values of the games it met).  The entries are kept in
 * OUT/replays/games.jsonl with each log's SHA-256, so the next build
 * reuses the entries and leaves the page alone (its time and inode too)
 * when the bytes of none of its logs changed, which it reads only to hash;
 * new games at the end of the list make only the last page again.  A build
 * with another trusted key or by another version of the referee starts
 * afresh.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "base/files.h"
#include "html.h"
#include "base/json.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/pool.h"
#include "report.h"
#include "replay.h"
#include "replay_members.h"
#include "replay_words.h"
#include "base/util.h"
#include "games/support.h"
#include "grade/grade.h"

/* The most bytes of a bot's last words the games list shows. */
#define LAST_WORDS_BYTES 160

void report_warn(report_warn_fn *warn, const char *fmt, ...)
{
	va_list ap;
	char *line;

	if (!warn)
		return;
	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	warn(line);
	free(line);
}

/* The cache's first line: what every entry in it depends on besides its
 * log. */
static char *cache_header(const unsigned char *trusted_key)
{
	cJSON *h = cJSON_CreateObject();
	char hex[65], *line;

	cJSON_AddStringToObject(h, "referee", PACKAGE_VERSION);
	/* The replays carry the bots' words (replay_words.h) and the games'
	 * grades (grade.h): a cache made without them is not used. */
	cJSON_AddTrueToObject(h, "words");
	cJSON_AddTrueToObject(h, "grade");
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
	size_t count, cap;
	const char *header;	/* until the first line is read: what it must be */
	bool ours;		/* it was: the entries are this build's */
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

/* A line of the cache (files_follow_lines()'s): the first its header,
 * then the entries, kept when the header is this build's. */
static void cache_line(void *ctx, const char *text, size_t len)
{
	struct cache *cache = ctx;
	cJSON *item = cache->ours ? cJSON_ParseWithLength(text, len) : NULL;
	const char *log = cJSON_GetStringValue(json_member(json_member(item, "entry"), "log"));

	if (cache->header) {
		cache->ours = len == strlen(cache->header) && !memcmp(text, cache->header, len);
		cache->header = NULL;
	} else if (log) {
		cache->entries = xgrow(cache->entries, cache->count, &cache->cap,
				       sizeof *cache->entries);
		cache->entries[cache->count++] = (struct cached){log, item};
		return;
	}
	cJSON_Delete(item);
}

/* The entries of the last build when it was made by this referee with
 * this key; else none. */
static void cache_read(const char *path, const char *header, struct cache *cache)
{
	long offset = 0;

	*cache = (struct cache){.header = header};
	files_follow_lines(path, &offset, cache_line, cache);
	if (cache->count)
		qsort(cache->entries, cache->count, sizeof *cache->entries, by_log);
}

static void cache_free(struct cache *cache)
{
	for (size_t i = 0; i < cache->count; i++)
		cJSON_Delete(cache->entries[i].line);
	free(cache->entries);
}

/* A page holds the replays of this many games, one after the other in
 * the games list: a report of 4,200 games writes 42 files, not 4,200,
 * which cost the file system more time than making the pages did, and a
 * browser still opens a page of 100 at once (it unpacks the data of the
 * game it shows alone). */
#define GAMES_A_PAGE 100

/* `name` percent-encoded but for what a URL reads as itself, in a new
 * string. */
static char *url_encoded(const char *name)
{
	static const char hex[] = "0123456789ABCDEF";
	char *text = xmalloc(3 * strlen(name) + 1), *t = text;

	for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
		if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || *c == '-' || *c == '.' || *c == '_') {
			*t++ = (char)*c;
		} else {
			*t++ = '%';
			*t++ = hex[*c >> 4];
			*t++ = hex[*c & 15];
		}
	}
	*t = '\0';
	return text;
}

/* The link to the page of replays that starts with game `first`. */
static char *page_link(const char *first)
{
	char *name = url_encoded(first), *link = outdir_replay_page(NULL, name);

	free(name);
	return link;
}

/* The games list's link to game `base` on the page `page`:
 * "replays/FIRST.html#game=BASE", names percent-encoded. */
static char *game_link(const char *page, const char *base)
{
	char *name = url_encoded(base), *link = xasprintf("%s#game=%s", page, name);

	free(name);
	return link;
}

/* A forfeit's "last_words" in the games list: the last of what the bot
 * said (its last stderr line, else its last info), cut to
 * LAST_WORDS_BYTES, which the list shows on the forfeit's link to the
 * replay (replay_words.h). */
static void add_last_words(cJSON *forfeit, const cJSON *words)
{
	const cJSON *lines = json_member(words, "stderr");
	const char *last = cJSON_GetStringValue(cJSON_GetArrayItem(
		lines, cJSON_GetArraySize(lines) - 1));
	char cut[LAST_WORDS_BYTES + 1];
	size_t len;

	if (!last)
		last = cJSON_GetStringValue(json_member(words, "info"));
	if (!last)
		return;
	len = arena_games_utf8_cut(last, strlen(last), LAST_WORDS_BYTES);
	memcpy(cut, last, len);
	cut[len] = '\0';
	cJSON_AddStringToObject(forfeit, "last_words", cut);
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
		add_last_words(f, json_member(step, "last_words"));
		cJSON_AddItemToArray(forfeits, f);
	}
}

/* The game's grade (by `grader`) into its replay `doc`, and what the
 * report's bot table sums of it into its entry: "grade", each seat's
 * sums (grade.h's "seats"), or null when the game is not graded. */
static void add_grade(struct grade *grader, const struct game_log *log, cJSON *doc,
		      cJSON *entry)
{
	char err[ERR_LEN];
	cJSON *grade;
	const cJSON *seats;

	grade_log(grader, NULL, log, &grade, err);
	seats = json_member(grade, "seats");

	cJSON_AddItemToObject(entry, "grade", seats ? cJSON_Duplicate(seats, true)
						    : cJSON_CreateNull());
	cJSON_AddItemToObject(doc, "grade", grade);
}

/* A report's build, the pool's task source (base/pool.h): the pages are
 * handed out one at a time, so that a worker slowed by other work on its
 * core leaves more to the others (with a fixed share each, all waited
 * for the slowest). */
struct build {
	const char *out;
	const struct report_log *logs;
	size_t count;
	const unsigned char *trusted_key;
	report_warn_fn *warn;
	const struct words_index *words;
	const struct cache *cache;
	uint64_t next_page;  /* the next to hand out */
	cJSON **lines;
};

/* Replays one log, reading it once: its cache line, {"sha256", "entry"},
 * the SHA-256 of the file as stored, compressed or not, as the manifest
 * lists it (logread's; "" when the log cannot be read), and
 * into *data its page's data (NULL when it did not replay), which the
 * entry links as `link`.  Its trees come from the worker's region
 * (work()), which releases them after the log: the replay is not taken
 * apart node by node first (a twentieth of the worker's time). */
static cJSON *replay_log(const struct build *b, const struct report_log *l, const char *link,
			 struct grade *grader, char **data)
{
	struct replay_options options = {.trusted_key = b->trusted_key};
	cJSON *line = cJSON_CreateObject(), *entry;
	const cJSON *verify;
	struct game_log log;
	struct replay r;
	char err[ERR_LEN];
	int rc = logread_load(l->path, &log, err);

	*data = NULL;
	cJSON_AddStringToObject(line, "sha256", rc ? "" : log.sha256);
	entry = cJSON_AddObjectToObject(line, "entry");
	cJSON_AddStringToObject(entry, "log", l->log);
	if (rc || replay_build(&log, &options, &r, err)) {
		logread_free(&log);
		cJSON_AddBoolToObject(entry, "verified", false);
		cJSON_AddStringToObject(entry, "error", err);
		return line;
	}
	replay_words_add(r.doc, b->words);
	add_grade(grader, &log, r.doc, entry);
	*data = html_replay_data(r.doc);
	if (*data)
		cJSON_AddStringToObject(entry, "replay", link);
	else
		report_warn(b->warn, "cannot compress the replay of %s", l->log);
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

/* Whether the page of the `count` logs at `logs`, linked as `link_to_page`,
 * stays as it is: it is there, and the cache has each log with the
 * SHA-256 its bytes have now (they are read to hash them, but neither
 * parsed nor verified again) and with its link to this page, or as a log
 * that did not verify. */
static bool page_holds(const char *page, const char *link_to_page,
		       const struct report_log *logs, size_t count, const struct cache *cache)
{
	if (access(page, F_OK))
		return false;
	for (size_t i = 0; i < count; i++) {
		const cJSON *old = cache_find(cache, logs[i].log);
		const cJSON *entry = json_member(old, "entry");
		const char *old_sha = cJSON_GetStringValue(json_member(old, "sha256"));
		const char *replay = cJSON_GetStringValue(json_member(entry, "replay"));
		char sha[FILES_SHA256_HEX], *link = game_link(link_to_page, logs[i].base);
		bool holds = old_sha &&
			     (replay ? !strcmp(replay, link)
				     : cJSON_IsFalse(json_member(entry, "verified"))) &&
			     !files_sha256(AT_FDCWD, logs[i].path, sha) && !strcmp(old_sha, sha);

		free(link);
		if (!holds)
			return false;
	}
	return true;
}

/* The lines of a page that could not be written, without their links to
 * it. */
static void drop_links(char **lines, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		cJSON *line = cJSON_Parse(lines[i]);

		cJSON_DeleteItemFromObjectCaseSensitive(json_member(line, "entry"), "replay");
		free(lines[i]);
		lines[i] = json_print_line(line);
		cJSON_Delete(line);
	}
}

/* The page of the `count` logs from log `first` of the games list, made
 * again unless it holds (page_holds()): their lines, each with its index
 * "i", to `to`.  `trees` is released after each log. */
static void make_page(const struct build *b, size_t first, size_t count,
		      struct grade *grader, struct region *trees, FILE *to)
{
	const struct report_log *logs = b->logs + first;
	char *link_to_page = page_link(logs[0].base);
	char *page = outdir_replay_page(b->out, logs[0].base), err[ERR_LEN];
	bool holds = page_holds(page, link_to_page, logs, count, b->cache);
	struct html_data *games = xcalloc(count, sizeof *games);
	char **lines = xcalloc(count, sizeof *lines);
	size_t replayed = 0;

	for (size_t i = 0; i < count; i++) {
		cJSON *line;

		if (holds) {
			line = cJSON_Duplicate(cache_find(b->cache, logs[i].log), true);
		} else {
			char *link = game_link(link_to_page, logs[i].base), *data;

			line = replay_log(b, &logs[i], link, grader, &data);
			if (data)
				games[replayed++] = (struct html_data){logs[i].base, data};
			free(link);
		}
		cJSON_AddNumberToObject(line, "i", (double)(first + i));
		lines[i] = json_print_line(line);
		region_reset(trees);
	}
	if (replayed && html_write_replays(page, games, replayed, err)) {
		report_warn(b->warn, "%s", err);
		drop_links(lines, count);
		region_reset(trees);
	}
	for (size_t i = 0; i < count; i++) {
		fprintf(to, "%s\n", lines[i]);
		free(lines[i]);
	}
	for (size_t i = 0; i < replayed; i++)
		free((char *)games[i].text);
	free(games);
	free(lines);
	free(page);
	free(link_to_page);
}

/* The pool's, in a worker: each page it is handed, its lines written out
 * and an empty line after them. */
static int work(struct pool *p, int number, int in, int out)
{
	const struct build *b = p->ctx;
	FILE *to = fdopen(out, "w");
	struct region trees;
	struct grade *grader = grade_new(NULL, GRADE_SHOWN);
	uint64_t page;

	(void)number;
	region_init(&trees, 0);
	region_json_start(&trees);
	while (to && read(in, &page, sizeof page) == (ssize_t)sizeof page) {
		size_t first = page * GAMES_A_PAGE, left = b->count - first;

		make_page(b, first, left < GAMES_A_PAGE ? left : GAMES_A_PAGE, grader, &trees, to);
		fputc('\n', to);
		fflush(to);
	}
	region_json_stop();
	grade_free(grader);
	region_free(&trees);
	return !to || ferror(to);
}

/* The pool's: the next page, if any is left. */
static enum pool_next next(struct pool *p, struct pool_child *c)
{
	struct build *b = p->ctx;

	if (b->next_page * GAMES_A_PAGE >= b->count)
		return POOL_DONE;
	if (write(c->to, &b->next_page, sizeof b->next_page) != (ssize_t)sizeof b->next_page)
		return POOL_DONE;  /* it died: its end is told by gone() */
	b->next_page++;
	return POOL_TASK;
}

/* The pool's: a worker's lines into lines[their "i"], up to the empty
 * line that ends its page. */
static int output(struct pool *p, struct pool_child *c, bool *done)
{
	struct build *b = p->ctx;
	size_t used;
	char *text;

	while (!*done && (text = pool_line(c, &used))) {
		cJSON *line = cJSON_ParseWithLength(text, used - 1);
		double i = cJSON_GetNumberValue(json_member(line, "i"));

		*done = used == 1;
		if (i >= 0 && i < (double)b->count && !b->lines[(size_t)i]) {
			cJSON_DeleteItemFromObjectCaseSensitive(line, "i");
			b->lines[(size_t)i] = line;
		} else {
			cJSON_Delete(line);
		}
		pool_take(c, used);
	}
	return 0;
}

/* The pool's: a worker failed. */
static int gone(struct pool *p, struct pool_child *c, int status)
{
	(void)c;
	(void)status;
	return errorf(p->err, "a worker of the report failed");
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

/* Removes the pages of replays an earlier build made that this one did
 * not (their games are on other pages now, or gone), so that each page
 * in the folder is one the games list links. */
static void remove_old_pages(const char *out, const struct report_log *logs, size_t count)
{
	char *folder = outdir_replays(out);
	DIR *dir = opendir(folder);
	const struct dirent *d;

	while (dir && (d = readdir(dir))) {
		size_t len = strlen(d->d_name);
		bool made = false;

		if (len <= strlen(".html") || strcmp(d->d_name + len - strlen(".html"), ".html"))
			continue;
		len -= strlen(".html");
		for (size_t first = 0; first < count && !made; first += GAMES_A_PAGE)
			made = strlen(logs[first].base) == len &&
			       !strncmp(logs[first].base, d->d_name, len);
		if (!made) {
			char *page = path_join(folder, d->d_name);

			unlink(page);
			free(page);
		}
	}
	if (dir)
		closedir(dir);
	free(folder);
}

/* The stderr files near the logs, each folder read once (the logs of a
 * folder come together). */
static struct words_index *words_near(const struct report_log *logs, size_t count)
{
	struct words_index *words = words_index_new();
	char *last = NULL;

	for (size_t i = 0; i < count; i++) {
		char *dir = path_parent(logs[i].path);

		if (!last || strcmp(dir, last))
			words_index_add_near(words, logs[i].path);
		free(last);
		last = dir;
	}
	free(last);
	return words;
}

int report_replays(const char *out, const struct report_log *logs, size_t count,
		   const unsigned char *trusted_key, report_warn_fn *warn,
		   cJSON **lines, char *err)
{
	static const struct pool_ops ops = {.child = work, .next = next,
					    .output = output, .gone = gone};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t pages = (count + GAMES_A_PAGE - 1) / GAMES_A_PAGE;
	char *path = outdir_replays(out), *header = cache_header(trusted_key);
	struct cache cache;
	struct words_index *words = words_near(logs, count);
	struct build b = {.out = out, .logs = logs, .count = count,
			  .trusted_key = trusted_key, .warn = warn, .words = words,
			  .cache = &cache, .lines = lines};
	struct pool pool = {.ops = &ops, .ctx = &b, .err = err,
			    .jobs = cores < 1 ? 1 : pages < (size_t)cores ? (int)pages : (int)cores};
	int rc = html_write_replay_assets(path, err) ? -1 : 0;

	free(path);
	path = outdir_replays_cache(out);
	cache_read(path, header, &cache);
	if (rc == 0 && pool.jobs)
		rc = pool_run(&pool);
	for (size_t i = 0; rc == 0 && i < count; i++)
		if (!lines[i])
			rc = errorf(err, "a worker of the report left out %s", logs[i].log);
	if (rc == 0)
		rc = cache_write(path, header, lines, count, err);
	if (rc == 0)
		remove_old_pages(out, logs, count);
	cache_free(&cache);
	words_index_free(words);
	free(header);
	free(path);
	return rc;
}
