/*
 * A league's index checked against its signed records, and made again
 * when it is not theirs; see league_index.h.
 */
#include "league/league_index.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/chain.h"
#include "base/files.h"
#include "base/json.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_check.h"
#include "league/league_cut.h"
#include "league/league_db.h"
#include "league/league_register.h"
#include "league/league_seats.h"
#include "league/league_sync.h"
#include "run/run_lock.h"

/* A seat of a game as the index holds it, or as its run.jsonl lists it:
 * small, as 100,000 games' rows are made each time a ladder is shown. */
struct seat_row {
	int32_t version;
	signed char rank;
	bool forfeit;
};

struct game_row {
	long run, game;
	char sha256[FILES_SHA256_HEX];
	struct seat_row seat[];          /* the league's players */
};

struct rows {
	char *at;
	size_t count, cap, stride;       /* a row's bytes, its seats' with it */
};

#define ROW(rows, i) ((struct game_row *)((rows)->at + (i) * (rows)->stride))

/* What a run's run.jsonl makes of its games in the index. */
enum run_state {
	RUN_NONE,      /* no run.jsonl: the index holds none of its games */
	RUN_TRUSTED,   /* revision 5: its games are not listed with seats */
	RUN_OPEN,      /* unsigned: a run going, or cut */
	RUN_CLOSED,    /* signed: every game it lists is in the index */
};

struct check {
	const char *dir;
	const struct league_info *info;
	sqlite3 *mem;                   /* the register's index */
	struct league_version *versions;
	int version_count;
	struct rows disk, listed;
	enum run_state *runs;           /* by run number */
	long run_count;
	struct problems problems;
	char first[ERR_LEN];            /* the first difference */
	char key[65];                   /* the league's (its register's), or "" */
	struct league_register reg;     /* its register, as c->mem has it */
};

static void note(void *ctx, const char *where, const char *what)
{
	struct check *c = ctx;

	(void)where;  /* the index's path, said once */
	if (!c->first[0])
		snprintf(c->first, sizeof c->first, "%s", what);
}

static struct game_row *new_row(struct rows *rows, long run, long game)
{
	struct game_row *r;

	rows->at = xgrow(rows->at, rows->count, &rows->cap, rows->stride);
	r = ROW(rows, rows->count++);
	memset(r, 0, rows->stride);
	r->run = run;
	r->game = game;
	return r;
}

/* One seat of the index (league_db_each_seat(), in the order of its
 * games), into c->disk. */
static int take_seat(const struct league_season_seat *s, void *ctx, char *err)
{
	struct check *c = ctx;
	struct game_row *r = c->disk.count ? ROW(&c->disk, c->disk.count - 1) : NULL;

	(void)err;
	if (!r || r->run != s->run || r->game != s->game) {
		r = new_row(&c->disk, s->run, s->game);
		snprintf(r->sha256, sizeof r->sha256, "%s", s->sha256 ? s->sha256 : "");
	}
	if (s->seat >= 0 && s->seat < c->info->players) {
		r->seat[s->seat].version = (int32_t)s->version;
		r->seat[s->seat].rank = (signed char)s->rank;
		r->seat[s->seat].forfeit = s->forfeit;
	}
	return 0;
}

static int by_name_number(const void *a, const void *b)
{
	const struct league_version *x = a, *y = b;
	int d = strcmp(x->name, y->name);

	return d ? d : (x->number > y->number) - (x->number < y->number);
}

/* The id of version `number` of bot `name` in the register, or 0. */
static long version_id(const struct check *c, const char *name, long number)
{
	struct league_version key = {.name = (char *)name, .number = (int)number}, *v;

	v = name ? bsearch(&key, c->versions, (size_t)c->version_count, sizeof key,
			   by_name_number) : NULL;
	return v ? v->id : 0;
}

/* A "finished" record's game into c->listed: its seats as the record
 * gives them, or as its log does when it gives none. */
static int take_finished(struct check *c, const char *run_dir, long run,
			 const cJSON *r, char *err)
{
	const cJSON *seats = json_member(r, "seats"), *seat;
	const char *sha = cJSON_GetStringValue(json_member(r, "sha256"));
	long game = 0;
	struct game_row *row;
	char *log;
	int s = 0, rc = 0;

	if (!json_get_int(r, "game", 1, LONG_MAX / 2, &game))
		return 0;
	row = new_row(&c->listed, run, game);
	snprintf(row->sha256, sizeof row->sha256, "%s", sha ? sha : "");
	cJSON_ArrayForEach(seat, seats) {
		long number = 0, rank = 0;

		if (s == c->info->players)
			break;
		json_get_int(seat, "version", 1, LONG_MAX, &number);
		json_get_int(seat, "rank", 0, GAME_MAX_SEATS, &rank);
		row->seat[s].version = (int32_t)version_id(c, cJSON_GetStringValue(
							       json_member(seat, "name")), number);
		row->seat[s].rank = (signed char)rank;
		row->seat[s++].forfeit = cJSON_IsTrue(json_member(seat, "forfeit"));
	}
	if (!seats) {
		long versions[GAME_MAX_SEATS];
		int ranks[GAME_MAX_SEATS], forfeits[GAME_MAX_SEATS];

		log = outdir_play_log(run_dir, game);
		rc = league_sync_log_seats(c->mem, log, c->info->players, c->info->rules->name,
					   versions, ranks, forfeits, err);
		for (s = 0; !rc && s < c->info->players; s++)
			row->seat[s] = (struct seat_row){(int32_t)versions[s],
							 (signed char)ranks[s], forfeits[s] != 0};
		free(log);
	}
	return rc;
}

/* That a closed run's run.jsonl is signed with the league's one key
 * (docs/FAIRNESS-LEAGUE.md, item 23): 0, or -1 with err naming both. */
static int check_key(const struct check *c, const struct chain_lines *l, const char *path,
		     char *err)
{
	cJSON *last = chain_line_json(l, l->count - 1);
	const char *key = cJSON_GetStringValue(json_member(last, "key"));
	int rc = *c->key && key && strcmp(key, c->key)
		 ? errorf(err, "%s: signed by key %.64s, not the league's register's key %s: "
			  "a league's every signature is made with its one key", path, key,
			  c->key) : 0;

	cJSON_Delete(last);
	return rc;
}

/* Run `run`'s run.jsonl: its state, its games into c->listed, and a
 * closed run's sets cut into c->mem. */
static int read_run(struct check *c, long run, char *err)
{
	char *run_dir = league_run_dir(c->dir, run), *path = outdir_run_manifest(run_dir);
	struct chain_lines l;
	bool signed_ = false;
	char why[ERR_LEN];
	int rc = 0;

	c->runs[run] = RUN_NONE;
	if (access(path, F_OK) == 0) {
		chain_lines_read(&l, path);
		rc = l.text ? chain_lines_check(&l, path, NULL, &signed_, err)
		     : errorf(err, "%s: %s", path, strerror(errno));
		if (!rc && signed_)
			rc = check_key(c, &l, path, err);
		if (!rc && league_seats_check(&c->reg.file, &l, why))
			rc = errorf(err, "%s: %s", path, why);
		/* A league run of revision 6 says its register's state second. */
		c->runs[run] = l.count > 1 && chain_line_is(&l, 1, "register")
			       ? (signed_ ? RUN_CLOSED : RUN_OPEN) : RUN_TRUSTED;
		for (size_t i = 1; !rc && c->runs[run] != RUN_TRUSTED && i < l.count; i++) {
			cJSON *j = chain_line_is(&l, i, "finished") ? chain_line_json(&l, i) : NULL;

			rc = j ? take_finished(c, run_dir, run, j, err) : 0;
			cJSON_Delete(j);
		}
		chain_lines_free(&l);
	}
	/* The sets a closed run lists cut, with the versions its started
	 * records seat, into c->mem (item 27: what the index counts cut is
	 * checked as its games are). */
	if (!rc && c->runs[run] == RUN_CLOSED)
		rc = league_cut_index(c->mem, run_dir, run, c->info->players, err);
	free(run_dir);
	free(path);
	return rc;
}

static int by_run_game(const void *a, const void *b)
{
	const struct game_row *x = a, *y = b;

	return x->run != y->run ? (x->run > y->run) - (x->run < y->run)
				: (x->game > y->game) - (x->game < y->game);
}

/* Whether two rows of one game agree. */
static bool same_game(const struct check *c, const struct game_row *a,
		      const struct game_row *b)
{
	if (strcmp(a->sha256, b->sha256))
		return false;
	for (int s = 0; s < c->info->players; s++)
		if (a->seat[s].version != b->seat[s].version || a->seat[s].rank != b->seat[s].rank ||
		    a->seat[s].forfeit != b->seat[s].forfeit)
			return false;
	return true;
}

/* The index's games (c->disk, in order) against those listed (sorted
 * here), each difference a problem. */
static void compare_games(struct check *c, const char *where)
{
	size_t i = 0, k = 0;

	qsort(c->listed.at, c->listed.count, c->listed.stride, by_run_game);
	while (i < c->disk.count || k < c->listed.count) {
		const struct game_row *d = i < c->disk.count ? ROW(&c->disk, i) : NULL;
		const struct game_row *l = k < c->listed.count ? ROW(&c->listed, k) : NULL;
		int order = !d ? 1 : !l ? -1 : by_run_game(d, l);
		const struct game_row *r = order <= 0 ? d : l;
		enum run_state state = r->run > 0 && r->run < c->run_count ? c->runs[r->run]
					: RUN_NONE;

		i += order <= 0;
		k += order >= 0;
		if (state == RUN_TRUSTED || (order == 0 && same_game(c, d, l)) ||
		    (order > 0 && state == RUN_OPEN))
			continue;
		problems_add(&c->problems, where, order < 0 ? "it holds game %ld of run "
			     "%06ld, which its run.jsonl does not list as finished" :
			     order > 0 ? "game %ld of run %06ld, listed finished in its "
			     "signed run.jsonl, is not in it" : "it holds game %ld of run "
			     "%06ld otherwise than its run.jsonl lists it (the log's "
			     "SHA-256, or a seat's version, rank or forfeit)", r->game, r->run);
	}
}

/* One look at the index against the records: 0 (the differences
 * counted in c->problems), or -1 with err. */
static int look(struct check *c, sqlite3 *db, const char *path, char *err)
{
	struct league_check_differences said = {&c->problems, path};
	long games = league_db_game_count(db);
	int rc;

	c->run_count = league_next_run(c->dir);
	c->runs = xcalloc((size_t)c->run_count, sizeof *c->runs);
	/* Sized once: at 100,000 games, growing them cost a sixth. */
	c->disk.cap = c->listed.cap = games > 0 ? (size_t)games + 1 : 1024;
	c->disk.stride = c->listed.stride = sizeof(struct game_row) +
		(size_t)c->info->players * sizeof(struct seat_row);
	c->disk.at = xmalloc(c->disk.cap * c->disk.stride);
	c->listed.at = xmalloc(c->listed.cap * c->listed.stride);
	/* The index first: the records are written before it, so that
	 * read after, they hold what it holds. */
	rc = league_db_each_seat(db, take_seat, c, err);
	if (!rc && (!(c->mem = league_db_open(NULL, true, c->info->rules->name,
					      c->info->players, err)) ||
		    league_register_load(c->dir, c->info, c->mem, &c->reg, err)))
		rc = -1;
	if (!rc && (c->version_count = league_db_versions(c->mem, &c->versions, err)) < 0)
		rc = -1;
	if (!rc && c->version_count > 0)  /* none: no list to sort (NULL) */
		qsort(c->versions, (size_t)c->version_count, sizeof *c->versions,
		      by_name_number);
	if (!rc && strlen(c->reg.keys) == 64)
		memcpy(c->key, c->reg.keys, 65);
	for (long run = 1; !rc && run < c->run_count; run++)
		rc = read_run(c, run, err);
	if (!rc)
		rc = league_db_compare(c->mem, path, false, league_check_differ, &said, err);
	if (!rc)
		compare_games(c, path);
	return rc;
}

static void check_free(struct check *c)
{
	if (c->version_count > 0)
		league_versions_free(c->versions, c->version_count);
	league_db_close(c->mem);
	league_register_free(&c->reg);
	free(c->disk.at);
	free(c->listed.at);
	free(c->runs);
	memset(c, 0, sizeof *c);
}

int league_index_check(const char *dir, const struct league_info *info, sqlite3 *db,
		       char *err)
{
	char *path = path_join(dir, "league.db");
	struct check c;
	long found = 0;
	int rc = 0;

	for (int attempt = 0; attempt < 2 && !rc; attempt++) {
		if (attempt)
			nanosleep(&(struct timespec){0, 200000000}, NULL);
		c = (struct check){.dir = dir, .info = info,
				   .problems = {.report = note, .ctx = &c}};
		rc = look(&c, db, path, err);
		found = c.problems.count;
		if (!rc && found)
			errorf(err, "%s does not agree with the league's signed records: "
			       "%s%s", path, c.first, found > 1 ? " (and more)" : "");
		check_free(&c);
		if (!found)
			break;
	}
	free(path);
	return rc ? -1 : found ? 1 : 0;
}

/* Makes the index again, `why` being what was wrong with it: 0 with the
 * note, or -1 with err (a run holds the folder, or the rebuild failed). */
static int remake(const char *dir, const struct league_info *info, const char *why,
		  char *note, size_t len, char *err)
{
	char held[ERR_LEN];  /* why not: said in general, as the cases are few */
	int lock = run_lock(dir, held);
	long games;

	if (lock < 0)
		return errorf(err, "%s; it is not made again now, since the folder's run "
			      "lock cannot be taken (a run holds it, or the folder is not "
			      "the user's to write): 'referee league rebuild %s' makes it "
			      "again from them once it can", why, dir);
	games = league_rebuild(dir, info, err);
	close(lock);
	if (games < 0)
		return -1;
	snprintf(note, len, "%s: made again from the register and the logs (%ld game%s)", why, games,
		 games == 1 ? "" : "s");
	return 0;
}

/* The index `*db` of `info` checked against the records, made again if
 * it did not agree: 0, *db the index that agrees (reopened if it was made
 * again), or -1 with err and *db closed (NULL). */
static int check(const char *dir, const struct league_info *info, sqlite3 **db,
		 char *note, size_t len, char *err)
{
	char why[ERR_LEN];
	int differs;

	note[0] = '\0';
	if ((differs = league_index_check(dir, info, *db, why)) <= 0) {
		if (differs < 0) {
			snprintf(err, ERR_LEN, "%s", why);
			league_db_close(*db);
			*db = NULL;
		}
		return differs;
	}
	league_db_close(*db);
	*db = NULL;
	if (remake(dir, info, why, note, len, err) ||
	    !(*db = league_db_open(dir, false, info->rules->name, info->players, err)))
		return -1;
	if (!league_index_check(dir, info, *db, why))
		return 0;
	/* Made from the records and still not theirs: the records and the
	 * logs disagree, which no rebuild mends. */
	errorf(err, "%s, even made again from the register and the logs: 'referee verify %s' "
	       "says which record or log is at fault", why, dir);
	league_db_close(*db);
	*db = NULL;
	return -1;
}

int league_open_cached(const char *dir, struct league_info *info, sqlite3 **db,
		       char *note, size_t len, char *err)
{
	char why[ERR_LEN];

	note[0] = '\0';
	if (league_folder_read(dir, info, err))
		return -1;
	*db = league_db_open(dir, false, info->rules->name, info->players, why);
	if (!*db && (remake(dir, info, why, note, len, err) ||
		     !(*db = league_db_open(dir, false, info->rules->name, info->players, err)))) {
		league_info_free(info);
		return -1;
	}
	if (!check(dir, info, db, note + strlen(note), len - strlen(note), err))
		return 0;
	league_info_free(info);
	return -1;
}
