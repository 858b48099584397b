/*
 * Closing stopped runs and entering their games; see league_sync.h.
 */
#include "league/league_sync.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/chain.h"
#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_cut.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "league/league_register.h"
#include "league/league_task.h"
#include "manifest/run_manifest.h"

/* What a run's run.jsonl says of its games, by number from 1. */
struct run_view {
	long count;            /* games started */
	char *finished;        /* by game: 1 when listed finished */
	char *dropped;         /* by game: 1 when listed dropped or cut */
	char (*sha)[65];       /* the finished record's SHA-256 */
	char (*c)[65];         /* the started record's C ("": none) */
	const char **why;      /* a dropped record's reason (NULL: none) */
	bool signed_;
};

/* `log` and its view `v` freed, both left empty. */
static void view_free(struct game_log *log, struct run_view *v)
{
	logread_free(log);
	free(v->finished);
	free(v->dropped);
	free(v->sha);
	free(v->c);
	free(v->why);
	memset(v, 0, sizeof *v);
}

/* Reads the records of `log` (run.jsonl) into `v`. */
static void view_read(const struct game_log *log, struct run_view *v)
{
	memset(v, 0, sizeof *v);
	for (size_t i = 1; i < log->count; i++) {
		const cJSON *r = log->lines[i].json, *g;
		const char *type = log->lines[i].type ? log->lines[i].type : "";

		/* A dropped record's games: started, or lost (item 22). */
		if (!strcmp(type, "started") || !strcmp(type, "dropped"))
			cJSON_ArrayForEach(g, json_member(r, "games"))
				if (cJSON_IsNumber(g) && g->valuedouble > (double)v->count &&
				    g->valuedouble < 1e9)
					v->count = (long)g->valuedouble;
		/* Its last line, sealing no started record (item 22). */
		if (!strcmp(type, "signature") && i + 1 == log->count)
			v->signed_ = !log->ends_mid_line && !(log->lines[i - 1].type &&
							      !strcmp(log->lines[i - 1].type,
								      "started"));
	}
	v->finished = xcalloc((size_t)v->count + 1, 1);
	v->dropped = xcalloc((size_t)v->count + 1, 1);
	v->sha = xcalloc((size_t)v->count + 1, sizeof *v->sha);
	v->c = xcalloc((size_t)v->count + 1, sizeof *v->c);
	v->why = xcalloc((size_t)v->count + 1, sizeof *v->why);
	for (size_t i = 1; i < log->count; i++) {
		const cJSON *r = log->lines[i].json, *g, *c;
		const char *sha = cJSON_GetStringValue(json_member(r, "sha256"));
		const char *type = log->lines[i].type ? log->lines[i].type : "";
		long game;

		/* A cut set is closed as a dropped one was: 2 tells it. */
		if (!strcmp(type, "dropped") || !strcmp(type, "cut"))
			cJSON_ArrayForEach(g, json_member(r, "games"))
				if (cJSON_IsNumber(g) && g->valuedouble >= 1 &&
				    g->valuedouble <= (double)v->count) {
					v->dropped[(long)g->valuedouble] = *type == 'c' ? 2 : 1;
					v->why[(long)g->valuedouble] = cJSON_GetStringValue(
						json_member(r, "reason"));
				}
		c = json_member(r, "commitments") ? json_member(r, "commitments")->child : NULL;
		/* A dropped record's games: started, or lost (item 22). */
		if (!strcmp(type, "started") || !strcmp(type, "dropped"))
			cJSON_ArrayForEach(g, json_member(r, "games")) {
				if (cJSON_IsNumber(g) && g->valuedouble >= 1 &&
				    g->valuedouble <= (double)v->count && cJSON_IsString(c))
					snprintf(v->c[(long)g->valuedouble], 65, "%s", c->valuestring);
				c = c ? c->next : NULL;
			}

		if (log->lines[i].type && !strcmp(log->lines[i].type, "finished") &&
		    json_whole(json_member(r, "game"), 1, v->count, &game) && sha && strlen(sha) == 64) {
			v->finished[game] = 1;
			memcpy(v->sha[game], sha, 65);
		}
	}
}

/* Whether the log of game `game` in `run_dir` can be read, and is whole. */
static bool log_whole(const char *run_dir, long game)
{
	char *path = outdir_play_log(run_dir, game);
	struct game_log log;
	char err[ERR_LEN];
	bool loaded = !logread_load(path, &log, err), whole = loaded && league_task_log_signed(&log);

	if (loaded)
		logread_free(&log);
	free(path);
	return whole;
}

/* What league_sync() was asked, for sync_run(). */
struct sync {
	sqlite3 *db;
	const char *game;
	int players;
	const struct league_closer *closer;
	char *err;
};

/* Closes (as s->closer says) the stopped run `run` whose run.jsonl is
 * `log`: its sets listed as finished, or as cut with their logs kept
 * (league_cut.h), then signed.  A set listed dropped or cut already (a
 * close cut short by a full disk listed it, then could not sign) is not
 * listed again.  0, or -1 with s->err. */
static int close_run(const struct sync *s, long run, const char *run_dir,
		     const struct game_log *log, const struct run_view *v)
{
	int players = s->players;
	char *err = s->err;
	long final, lost = league_db_tasks_past(s->db, run, v->count, &final);
	size_t lines = log->count - (log->ends_mid_line ? 1 : 0);
	const struct log_line *last;
	struct chain_end end = {.seq = lines - 1};
	const char *id = log->count ? logread_string(log, 0, "id") : NULL;
	struct run_manifest m = {.dir = run_dir, .set_games = players};
	unsigned char run_id[sizeof m.id];
	int rc = 0;

	if (!lines || hex_decode(run_id, sizeof run_id, id))
		return errorf(err, "%s/run.jsonl: not a run's manifest", run_dir);
	if (lost && !s->closer->accept_loss)
		return errorf(err, "%s/run.jsonl: the index handed out the sets from game %ld to "
			      "game %ld, which its signed records do not list: cut from them after "
			      "the run was stopped, and their logs gone; the run is not closed. "
			      "'referee league run --accept-loss' closes it, listing them dropped "
			      "for that reason, which verify counts", run_dir, lost,
			      final + players - 1);
	last = &log->lines[lines - 1];
	chain_take(&end, last->bytes, last->len);
	if (run_manifest_reopen(&m, log->path, run_id,
				(size_t)(last->bytes + last->len + 1 - log->buffer), &end, err))
		return -1;
	for (long first = 1; !rc && first <= v->count; first += players) {
		bool whole = true;

		if (v->dropped[first])
			continue;

		for (long g = first; g < first + players; g++)
			whole = whole && (v->finished[g] || log_whole(run_dir, g));
		for (long g = first; whole && !rc && g < first + players; g++)
			if (!v->finished[g])
				rc = run_manifest_finished_with(&m, g, NULL, NULL, err);
		if (!whole)
			rc = league_cut_keep(&m, run_dir, first, players, v->c[first], err);
	}
	for (long first = v->count + 1; lost && !rc && first <= final; first += players)
		rc = run_manifest_dropped(&m, first, players, RUN_DROPPED_LOSS, NULL, err);
	rc = rc ? rc : run_manifest_sign(&m, s->closer->key, err);
	run_manifest_free(&m);
	return rc;
}

int league_sync_log_seats(sqlite3 *db, const char *path, int players, const char *game_name,
			 long *versions, int *ranks, int *forfeits, char *err)
{
	struct game_log log;
	int rc = -1, seats;
	const char *g;
	const cJSON *p;

	if (logread_load(path, &log, err))
		return -1;
	g = log.count ? logread_string(&log, 0, "game") : NULL;
	seats = league_task_log_result(&log, ranks, forfeits, NULL, GAME_MAX_SEATS);
	if (!g || strcmp(g, game_name))
		errorf(err, "%s: a game of %s, not of the league's %s", path,
		       g ? g : "nothing", game_name);
	else if (seats != players || cJSON_GetArraySize(json_member(log.lines[0].json,
								 "players")) != players)
		errorf(err, "%s: not a finished game of %d players", path, players);
	else {
		const char *name;
		char hash[65];
		int s = 0;

		/* The version each seat names, by its name and files (0: none
		 * of the index). */
		cJSON_ArrayForEach(p, json_member(log.lines[0].json, "players"))
			versions[s++] = league_task_log_seat(p, &name, hash)
					? league_db_version_id(db, name, hash) : 0;
		for (s = 0; s < players && versions[s]; s++)
			;
		if (s < players)
			errorf(err, "%s: seat %d is no version of the register: a log "
			       "of another league", path, s);
		else
			rc = 0;
	}
	logread_free(&log);
	return rc;
}

/* Enters game `game` from its log: 0, or -1 with err. */
static int enter_game(sqlite3 *db, const char *run_dir, long run, long game,
		      int players, const char *sha, const char *game_name, char *err)
{
	char *path = outdir_play_log(run_dir, game);
	long versions[GAME_MAX_SEATS];
	int ranks[GAME_MAX_SEATS], forfeits[GAME_MAX_SEATS];
	int rc = league_sync_log_seats(db, path, players, game_name, versions, ranks,
				       forfeits, err);

	if (!rc)
		rc = league_db_add_game(db, run, game, game - (game - 1) % players, sha,
					players, versions, ranks, forfeits, err);
	free(path);
	return rc;
}

/* Reads run.jsonl at `path`, of a run of `game`, into `log` and `v`: 0,
 * or -1 with err. */
static int view_load(const char *path, const char *game, struct game_log *log,
		     struct run_view *v, char *err)
{
	const char *g;

	if (logread_load(path, log, err))
		return -1;
	view_read(log, v);
	g = log->count ? logread_string(log, 0, "game") : NULL;
	if (!g || strcmp(g, game))
		return errorf(err, "%s: a run of %s, not of the league's %s", path,
			      g ? g : "nothing", game);
	return 0;
}

/* The line of `l` to keep up to: its last seal (a signature right after
 * a started record), or, with none, the line before its first started
 * record. */
static size_t kept_lines(const struct chain_lines *l, bool *sealed)
{
	size_t first = l->count;

	*sealed = false;
	for (size_t i = l->count; i-- > 2;)
		if (chain_line_is(l, i, "signature") && chain_line_is(l, i - 1, "started")) {
			*sealed = true;
			return i + 1;
		}
	for (size_t i = 1; i < l->count; i++)
		if (chain_line_is(l, i, "started")) {
			first = i;
			break;
		}
	return first;
}

/* Whether line `at` of `l`, a seal, verifies with `key`: 0, or -1 with
 * err. */
static int seal_holds(const struct chain_lines *l, size_t at, const char *path,
		      const struct referee_key *key, char *err)
{
	unsigned char id[FAIR_GAME_ID_BYTES];
	struct chain_owner owner = {CHAIN_LOG_TAG, id, sizeof id};
	struct chain_end end = {.seq = at - 1};
	cJSON *head = chain_line_json(l, 0), *seal = chain_line_json(l, at);
	const char *id_hex = cJSON_GetStringValue(json_member(head, "id"));
	char why[ERR_LEN];
	int rc = 0;

	chain_take(&end, l->at[at - 1], l->len[at - 1]);
	if (hex_decode(id, sizeof id, id_hex) ||
	    chain_signature_check(&owner, &end, cJSON_GetStringValue(json_member(seal, "key")),
				  cJSON_GetStringValue(json_member(seal, "sig")),
				  key->public_key, why))
		rc = errorf(err, "%s: line %zu, the seal of its last set started, does not hold "
			    "with this league's key (%s): the run is not closed", path, at + 1,
			    id_hex ? why : "no run id");
	cJSON_Delete(head);
	cJSON_Delete(seal);
	return rc;
}

/* Cuts the unclosed run.jsonl at `path` of revision 7 back to its last
 * seal, which must verify with `key`, or, with none, to the records
 * before its first started one (nothing to do for a closed run, or one of
 * an earlier revision).  0, or -1 with err. */
static int seal_trim(const char *path, const struct referee_key *key, char *err)
{
	struct chain_lines l;
	bool signed_ = false, sealed;
	long revision = 0;
	size_t keep;
	cJSON *head;
	int rc;

	chain_lines_read(&l, path);
	if (!l.text)
		return errorf(err, "%s: %s", path, strerror(errno));
	head = l.count ? chain_line_json(&l, 0) : NULL;
	json_get_int(head, "fairness", 0, 1000, &revision);
	cJSON_Delete(head);
	/* A closed run is left as it is. */
	if (l.count > 2 && chain_lines_closed(&l))
		revision = 0;
	keep = kept_lines(&l, &sealed);
	/* The chain up to what is kept, which the seal's signature covers. */
	l.count = revision >= 7 ? keep : l.count;
	rc = revision < 7 ? 0 : chain_lines_check(&l, path, NULL, &signed_, err);
	if (!rc && revision >= 7 && !signed_ && sealed)
		rc = seal_holds(&l, keep - 1, path, key, err);
	if (!rc && revision >= 7 && !signed_ && keep &&
	    truncate(path, (off_t)(l.at[keep - 1] + l.len[keep - 1] + 1 - l.text)))
		rc = errorf(err, "cannot cut %s back to its signed records: %s", path,
			    strerror(errno));
	chain_lines_free(&l);
	return rc;
}

/* Enters the games of run `run` that its run.jsonl (`v`) lists finished
 * and the index lacks, and its sets listed dropped or cut, and the run,
 * `closed` or not, in one transaction: 0, or -1 with err. */
static int enter_run(sqlite3 *db, const char *run_dir, long run, const char *game,
		     int players, const struct run_view *v, bool closed, char *err)
{
	int rc = league_db_begin(db, err);

	for (long n = 1; !rc && n <= v->count; n++) {
		if (v->finished[n] && !league_db_has_game(db, run, n))
			rc = enter_game(db, run_dir, run, n, players, v->sha[n], game, err);
		if (!rc && v->finished[n] && (n - 1) % players == 0)
			rc = league_db_task(db, run, n, "finished", err);
	}
	/* A revision-5 league's cut sets were dropped, their logs removed:
	 * counted apart. */
	for (long n = 1; !rc && n <= v->count; n += players)
		if (v->dropped[n] == 1) {
			/* Of revision 7, with its reason (item 25). */
			char *state = v->why[n] ? xasprintf("dropped:%s", v->why[n])
						: xstrdup("dropped");

			rc = league_db_task(db, run, n, state, err);
			free(state);
		}
	rc = rc ? rc : league_cut_index(db, run_dir, run, players, err);
	rc = rc ? rc : league_db_put_run(db, run, closed, err);
	return league_db_end(db, rc, err);
}

/* Closes (with a key) and enters run `run` unless the index holds it
 * closed: 0, or -1 with err.  A run stopped before its manifest was made
 * started nothing. */
static int sync_run(long run, const char *run_dir, void *ctx)
{
	const struct sync *s = ctx;
	const struct league_closer *closer = s->closer;
	char *path = outdir_run_manifest(run_dir), *err = s->err;
	struct game_log log = {0};
	struct run_view v = {0};
	int rc = 0;

	if (!league_db_run_closed(s->db, run) && !access(path, F_OK)) {
		/* What follows its last seal is not taken on trust (item 22). */
		rc = closer && seal_trim(path, closer->key, err) ? -1
		     : view_load(path, s->game, &log, &v, err);
		if (!rc && !v.signed_ && closer) {
			rc = close_run(s, run, run_dir, &log, &v);
			view_free(&log, &v);
			rc = rc ? rc : view_load(path, s->game, &log, &v, err);
		}
		rc = rc ? rc : enter_run(s->db, run_dir, run, s->game, s->players, &v,
					 v.signed_ || closer, err);
		view_free(&log, &v);
	}
	free(path);
	return rc;
}

int league_sync(const char *dir, sqlite3 *db, const char *game, int players,
		const struct league_closer *closer, char *err)
{
	return league_runs_each(dir, sync_run, &(struct sync){db, game, players, closer, err});
}

long league_rebuild(const char *dir, const struct league_info *info, char *err)
{
	static const char *const files[] = {"league.db", "league.db-wal", "league.db-shm"};
	struct league_register reg;
	char *file = path_join(dir, LEAGUE_REGISTER);
	int rc = league_register_read(dir, info, &reg, err);
	sqlite3 *db;
	long games = -1;
	size_t len;

	if (!rc && reg.broken[0])
		rc = errorf(err, "%s: %s", file, reg.broken);
	league_register_free(&reg);
	free(file);
	/* Refused before the index is removed: it stays as it was. */
	if (rc) {
		len = strlen(err);
		snprintf(err + len, ERR_LEN - len, ": league rebuild takes no register whose "
			 "chain or signatures are broken (see 'referee verify %s'); league.db "
			 "is left as it was", dir);
		return -1;
	}
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		char *path = path_join(dir, files[i]);

		unlink(path);
		free(path);
	}
	db = league_db_open(dir, true, info->rules->name, info->players, err);
	if (db && !league_register_load(dir, info, db, NULL, err) &&
	    !league_sync(dir, db, info->rules->name, info->players, NULL, err))
		games = league_db_game_count(db);
	league_db_close(db);
	return games;
}
