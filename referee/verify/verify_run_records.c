/*
 * The records of a play, sprt or league run's run.jsonl, as the one
 * reader of a run's records streams them (manifest_read_each()), taken
 * into the check of the folder (verify_run.h): the games each started,
 * finished, dropped or cut record lists, and an sprt run's test and
 * verdict, each record held to what it must be.
 */
#include "verify_run.h"
#include "verify_run_private.h"

#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/outdir.h"
#include "base/util.h"
#include "manifest/run_manifest.h"

/* A copy of `item` that lives as long as the check (NULL: none). */
static const cJSON *keep(struct verify_run *rc, const cJSON *item)
{
	cJSON *copy = item ? cJSON_Duplicate(item, true) : NULL;

	if (copy)
		cJSON_AddItemToArray(rc->kept, copy);
	return copy;
}

/* A game's number as a record gives it, or 0 when it is not a whole
 * number from 1 on. */
static long number_of(const cJSON *g)
{
	long game;

	return json_whole(g, 1, 1000000000000000L, &game) ? game : 0;
}

/* Game `game`'s entry, when a started record listed it (NULL: none did). */
static struct run_game *game_of(struct verify_run *rc, long game)
{
	return game >= 1 && game <= rc->count ? &rc->games[game] : NULL;
}

/* The entry of game `game`, which a started record lists: the next game
 * of the run, as the referee numbers them (NULL: another number). */
static struct run_game *next_game(struct verify_run *rc, long game)
{
	if (game != rc->count + 1)
		return NULL;
	rc->games = xrealloc(rc->games, (size_t)(game + 1) * sizeof *rc->games);
	memset(&rc->games[game], 0, sizeof *rc->games);
	rc->count = game;
	return &rc->games[game];
}

/* A started record: each game with its C. */
static bool take_started(struct verify_run *rc, const cJSON *r)
{
	const cJSON *games = json_member(r, "games"), *cs = json_member(r, "commitments");
	const cJSON *g, *c = cs ? cs->child : NULL, *seats;

	if (!cJSON_IsArray(games) || !cJSON_IsArray(cs) ||
	    cJSON_GetArraySize(games) != cJSON_GetArraySize(cs))
		return false;
	seats = keep(rc, json_member(r, "seats"));
	cJSON_ArrayForEach(g, games) {
		struct run_game *e = next_game(rc, number_of(g));

		if (!e || !cJSON_IsString(c) || strlen(c->valuestring) != 64)
			return false;
		memcpy(e->commitment, c->valuestring, 65);
		e->started_seats = seats;
		c = c->next;
	}
	return true;
}

/* A finished record: a game started, its log's name and SHA-256. */
static bool take_finished(struct verify_run *rc, const cJSON *r)
{
	long game = 0;
	const char *log = cJSON_GetStringValue(json_member(r, "log"));
	const char *sha = cJSON_GetStringValue(json_member(r, "sha256"));
	struct run_game *e;
	char *want;
	bool ok;

	if (!json_get_int(r, "game", 1, 1000000000L, &game) || !log || !sha ||
	    strlen(sha) != 64 || !(e = game_of(rc, game)) || !*e->commitment || *e->sha256)
		return false;
	want = outdir_play_log(NULL, game);
	ok = !strcmp(want, log);
	free(want);
	if (ok) {
		memcpy(e->sha256, sha, 65);
		e->finished_seats = keep(rc, json_member(r, "seats"));
	}
	return ok;
}

/* Whether the version `v` ({"name","version","hash"}) is one of `seats`,
 * with files other than those it was seated with. */
static bool seated_changed(const cJSON *seats, const cJSON *v)
{
	const char *name = cJSON_GetStringValue(json_member(v, "name"));
	const char *hash = cJSON_GetStringValue(json_member(v, "hash"));
	const cJSON *seat;
	long number = 0, seated = 0;

	if (!name || !hash || strlen(hash) != 64 || !json_get_int(v, "version", 1, 1L << 30, &number))
		return false;
	cJSON_ArrayForEach(seat, seats) {
		const char *seat_name = cJSON_GetStringValue(json_member(seat, "name"));
		const char *seat_hash = cJSON_GetStringValue(json_member(seat, "hash"));

		if (json_get_int(seat, "version", 1, 1L << 30, &seated) && seated == number &&
		    seat_name && !strcmp(seat_name, name))
			return seat_hash && strcmp(seat_hash, hash);
	}
	return false;
}

/* The problem with the reason of the dropped record `r`, on line `i`
 * (0-based), whose first game's started record seats `seats` (NULL:
 * none), in why (ERR_LEN bytes); NULL when it holds.  *lost says whether
 * its games are sets lost (not started).  Of revision 7 a dropped record
 * names its reason (docs/FAIRNESS-LEAGUE.md, item 25), which the run's
 * signed records must bear out: "verdict" (an sprt's pairs after its
 * verdict), "files" (a league's set not played: a version its started
 * record seats, named with the hash of its files now, which is not the
 * hash it was seated with), "refused" (a set a Slurm league run refused)
 * or "accept-loss" (a league's sets that its index handed out and its
 * signed records lack, closed by the organiser's --accept-loss: games
 * after every one started).  A cut set relabelled dropped has none of
 * these to show. */
static const char *dropped_reason(const struct verify_run *rc, const cJSON *r, size_t i,
				  const cJSON *seats, bool *lost, char *why)
{
	const char *reason = cJSON_GetStringValue(json_member(r, "reason"));
	const char *verb = rc->verb;
	long revision = rc->view.revision;
	bool league = !strcmp(verb, "league");

	*lost = reason && league && !strcmp(reason, RUN_DROPPED_LOSS);
	if (revision < 7 || *lost ||
	    (reason && league && !strcmp(reason, RUN_DROPPED_REFUSED)) ||
	    (reason && !strcmp(verb, "sprt") && !strcmp(reason, RUN_DROPPED_VERDICT)))
		return NULL;
	if (reason && league && !strcmp(reason, RUN_DROPPED_FILES) &&
	    seated_changed(seats, json_member(r, "version")))
		return NULL;
	errorf(why, "line %zu: a dropped record without a reason verify can check: of "
	       "revision 7 it says why, \"reason\": \"files\" with the \"version\" its set's "
	       "started record seats and the hash of its files now, another than that "
	       "record's; \"accept-loss\", \"refused\" (a league's) or \"verdict\" (an sprt's)",
	       i + 1);
	return why;
}

/* A dropped record: games started, then stopped uncounted, or (a league
 * closed with --accept-loss) the next games, lost; its reason checked
 * (dropped_reason()). */
static bool take_dropped(struct verify_run *rc, const cJSON *r, size_t line)
{
	const cJSON *games = json_member(r, "games"), *g;
	const struct run_game *first;
	char why[ERR_LEN];
	bool lost;

	if (!cJSON_IsArray(games))
		return false;
	first = game_of(rc, number_of(games->child));
	if (dropped_reason(rc, r, line, first ? first->started_seats : NULL, &lost, why))
		problems_add(rc->problems, rc->path, "%s", why);
	cJSON_ArrayForEach(g, games) {
		struct run_game *e = lost ? next_game(rc, number_of(g)) : game_of(rc, number_of(g));

		if (!e || (!*e->commitment && !lost) || e->dropped)
			return false;
		e->dropped = true;
	}
	return true;
}

/* A cut record: a league's set started, then cut by a stop, each game's
 * log kept in aborted/ under its name (or null: none), its C the one the
 * started record named (else a problem of its own, named). */
static bool take_cut(struct verify_run *rc, const cJSON *r, size_t line)
{
	const cJSON *games = json_member(r, "games"), *logs = json_member(r, "logs"), *g;
	const cJSON *log = logs ? logs->child : NULL;
	const cJSON *held = json_member(r, "lines") ? json_member(r, "lines")->child : NULL;
	const char *c = cJSON_GetStringValue(json_member(r, "commitment"));
	bool any = false;

	if (!cJSON_IsArray(games) || !cJSON_IsArray(logs) || !c || strlen(c) != 64 ||
	    cJSON_GetArraySize(games) != cJSON_GetArraySize(logs) || !games->child)
		return false;
	cJSON_ArrayForEach(g, games) {
		struct run_game *e = game_of(rc, number_of(g));
		char *name = e ? outdir_play_log(OUTDIR_ASIDE, number_of(g)) : NULL;
		bool named = cJSON_IsString(log) && name && !strcmp(log->valuestring, name);

		free(name);
		if (!e || !*e->commitment || *e->sha256 || e->dropped || e->cut ||
		    (!named && !cJSON_IsNull(log)))
			return false;
		if (strcmp(e->commitment, c))
			problems_add(rc->problems, rc->path, "line %zu: its cut record lists "
				     "game %ld with the commitment C %s, its started record "
				     "named %s: not the deal the run started", line,
				     number_of(g), c, e->commitment);
		e->cut = named ? 1 : 2;
		e->lines = cJSON_IsNumber(held) ? (long)held->valuedouble : 0;
		held = held ? held->next : NULL;
		any = any || named;
		log = log->next;
	}
	/* Of revision 7 every set cut counts (item 24), whatever is left of
	 * its logs; before, one that left none never began. */
	rc->cut_sets += any || rc->view.revision >= 7;
	return true;
}

/* An sprt run's own records: its test, right after the header, and its
 * verdict, last before the signature (nothing is taken after it). */
static bool take_sprt(struct verify_run *rc, const cJSON *r, size_t line, const char *type)
{
	const cJSON *bots = json_member(rc->header, "bots");

	if (strcmp(rc->verb, "sprt") || cJSON_GetArraySize(bots) != 2)
		return false;
	rc->bots[0] = cJSON_GetStringValue(cJSON_GetArrayItem(bots, 0));
	rc->bots[1] = cJSON_GetStringValue(cJSON_GetArrayItem(bots, 1));
	if (!strcmp(type, "sprt") && line == 1 && rc->bots[0] && rc->bots[1])
		rc->test = keep(rc, r);
	else if (!strcmp(type, "verdict") && rc->test)
		rc->verdict = keep(rc, r);
	else
		return false;
	return true;
}

/* A record after the header, but a signature; -1 when it is not what it
 * must be (named). */
static int take_record(void *ctx, size_t line, const cJSON *r)
{
	struct verify_run *rc = ctx;
	const char *type = cJSON_GetStringValue(json_member(r, "type"));

	type = type ? type : "";
	/* A league run's state of its register, second: its league checks
	 * it (league_register.h). */
	if (!strcmp(type, "register") && line == 1 && !strcmp(rc->verb, "league"))
		return 0;
	if (!rc->verdict &&
	    (!strcmp(type, "started") ? take_started(rc, r)
	     : !strcmp(type, "finished") ? take_finished(rc, r)
	     : !strcmp(type, "dropped") ? take_dropped(rc, r, line)
	     : !strcmp(type, "cut") ? take_cut(rc, r, line + 1)
	     : take_sprt(rc, r, line, type)))
		return 0;
	problems_add(rc->problems, rc->path, "line %zu: a record run.jsonl "
		     "does not have: a \"started\" record lists the next "
		     "games, each with its commitment C; a "
		     "\"finished\" record a game started, its log and its "
		     "SHA-256; a \"dropped\" record games started; a "
		     "\"cut\" record a set started, its C and its logs "
		     "kept in aborted/; a league run's \"register\" "
		     "record, after the header; an sprt "
		     "run's \"sprt\" record its test, after the header, and "
		     "its \"verdict\", last",
		     line + 1);
	return -1;
}

/* Where the header `run` puts its logs (docs/FAIRNESS-LEAGUE.md, item 18): its
 * run `id`, and a league's run (its "run_number") in its league.  Of
 * revision 6 (its "fairness", or a league's), every log must name it. */
static void take_place(struct verify_run *rc, const cJSON *run, const char *id)
{
	long number = 0;
	const char *league = cJSON_GetStringValue(json_member(run, "league"));

	json_get_int(run, "run_number", 1, 1L << 40, &number);
	rc->place = (struct verify_place_want){
		.records = "run.jsonl", .run = id, .league = number ? league ? league : "" : NULL,
		.run_number = number, .required = number || rc->view.revision >= 6};
}

/* The first record: a run's, with its id. */
static int take_header(void *ctx, const cJSON *r, struct manifest_view *view)
{
	struct verify_run *rc = ctx;
	const char *type = cJSON_GetStringValue(json_member(r, "type"));
	const char *verb = cJSON_GetStringValue(json_member(r, "verb"));

	if (!type || strcmp(type, "run") ||
	    hex_decode(view->id, sizeof view->id, cJSON_GetStringValue(json_member(r, "id")))) {
		problems_add(rc->problems, rc->path, "line 1: not the first record of a "
			     "play or sprt run ({\"type\":\"run\",...,\"id\":...})");
		return -1;
	}
	rc->header = keep(rc, r);
	rc->verb = verb ? cJSON_GetStringValue(json_member(rc->header, "verb")) : "";
	rc->book = json_member(rc->header, "book");
	take_place(rc, rc->header, cJSON_GetStringValue(json_member(rc->header, "id")));
	return 0;
}

bool verify_run_read(struct verify_run *rc, const unsigned char *trusted_key)
{
	struct manifest_hooks hooks = {take_header, take_record, rc};

	rc->kept = cJSON_CreateArray();
	if (manifest_read_each(rc->path, trusted_key, &hooks, &rc->view, rc->problems))
		return false;
	if (!rc->view.signed_)
		problems_add(rc->problems, rc->path, "not signed: the run was stopped "
			     "before its end, so the folder is not a whole (each log "
			     "may still verify alone)");
	return rc->view.signed_;
}
