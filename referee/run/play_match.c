/*
 * The match of `referee play`; see play_match.h.
 */
#include "play_match.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/outdir.h"
#include "base/util.h"
#include "base/visible.h"
#include "bot/excerpt.h"
#include "games/fair.h"
#include "match/match_set.h"
#include "plan/names.h"

/* Hands a record to the verb's on_record. */
static void forward_record(void *ctx, const cJSON *record, const struct game_play *game)
{
	struct play_match *p = ctx;

	p->on_record(p->record_ctx, record, game);
}

/* A person at this terminal answers through a responder, not a process. */
static bool is_human(const struct play_match *p, int entrant)
{
	return p->entrants[entrant].spec.responder != NULL;
}

/* A bot's first forfeit shows what it wrote to stderr in that game, in
 * the file of `match`, the lane that played it. */
static void print_stderr(struct play_match *p, int entrant, const struct match *match)
{
	struct excerpt x;

	if (p->stderr_shown[entrant] || is_human(p, entrant))
		return;
	p->stderr_shown[entrant] = true;
	excerpt_read(match_stderr_path(match, entrant), p->sandboxed, &x);
	printf("     its stderr:\n");
	excerpt_print(stdout, &x, "     ");
	excerpt_free(&x);
}

static void print_outcome(struct play_match *p, long game, const struct match *match,
			  const struct game_outcome *o, const int *seating)
{
	printf("game %ld: %d actions, game_id %s\n", game, o->actions, o->game_id);
	for (int place = 1; place <= o->seats; place++)
		for (int s = 0; s < o->seats; s++) {
			char forfeit[MATCH_DETAIL_LEN + 64] = "";

			if (o->result.rank[s] != place)
				continue;
			/* The detail may quote what the bot sent. */
			if (o->forfeited[s])
				snprintf(forfeit, sizeof forfeit, "  forfeit: %s: %s",
					 o->reason[s], o->detail[s]);
			visible_line(stdout, "  %d. %-20s seat %d  score %ld%s", place,
				     p->shown[seating[s]], s, o->result.score[s], forfeit);
			if (o->forfeited[s])
				print_stderr(p, seating[s], match);
		}
	fflush(stdout);
}

static void print_summary(const struct play_match *p)
{
	printf("\n%-20s %6s %6s %8s %9s\n", "bot", "games", "firsts",
	       "avg.place", "forfeits");
	for (int i = 0; i < p->count; i++)
		visible_line(stdout, "%-20s %6ld %6ld %8.2f %9ld", p->shown[i], p->games,
			     p->firsts[i], p->places[i] / (double)p->games,
			     p->forfeits[i]);
}

/* After hello (match.h's on_greeted): a bot whose sandbox bubblewrap
 * could not set up never ran, which is the referee's failure, with
 * bubblewrap's words, not the bot's forfeit; the others are named as they
 * said in their first hello, before the first log's header. */
static bool on_greeted(void *ctx, const struct match *match, char *err)
{
	struct play_match *p = ctx;
	const char *name, *said[GAME_MAX_SEATS];

	for (int i = 0; i < p->count; i++) {
		struct excerpt x;
		bool failed;

		if (is_human(p, i) || match_hello_name(match, i, &name))
			continue;
		excerpt_read(match_stderr_path(match, i), p->sandboxed, &x);
		failed = p->sandboxed && excerpt_sandbox_failed(&x);
		if (failed)
			snprintf(err, ERR_LEN, "the sandbox of bot '%s' could not be set "
				 "up, so it never ran: %s", p->names[i], excerpt_first(&x));
		excerpt_free(&x);
		if (failed)
			return false;
	}
	if (p->named)
		return true;
	for (int i = 0; i < p->count; i++) {
		free(p->shown[i]);
		if (!match_hello_name(match, i, &said[i]))
			said[i] = NULL;
	}
	names_shown(p->bots, p->count, p->names, said, p->shown);
	for (int i = 0; i < p->count; i++)
		p->entrants[i].name = p->shown[i];
	p->named = true;
	return true;
}

/* Game `game`'s outcome on stdout and in the match's sums, played on
 * `match`; its seats turned round as play_round() turns them. */
static void tally(struct play_match *p, long game, const struct match *match,
		  const struct game_outcome *o)
{
	int seating[GAME_MAX_SEATS];

	for (int s = 0; s < p->count; s++)
		seating[s] = match_set_rotated((int)((game - 1) % p->count), s, p->count);
	print_outcome(p, game, match, o, seating);
	for (int s = 0; s < p->count; s++) {
		p->firsts[seating[s]] += o->result.rank[s] == 1;
		p->places[seating[s]] += o->result.rank[s];
		p->forfeits[seating[s]] += o->forfeited[s];
	}
}

/* What the line naming a duplicate set says (announce_set()). */
struct play_set_line {
	long game;  /* its first */
	int count;  /* its games */
};

/* Says on stdout which games a duplicate set holds, and its set_id. */
static void announce_set(void *ctx, const unsigned char *set_id)
{
	const struct play_set_line *line = ctx;
	char hex[2 * FAIR_GAME_ID_BYTES + 1];

	hex_encode(hex, set_id, FAIR_GAME_ID_BYTES);
	printf("set %ld: games %ld to %ld, set_id %s\n", (line->game - 1) / line->count + 1,
	       line->game, line->game + line->count - 1, hex);
}

/* The games from `game` on that are played together: a whole set with
 * --duplicate (said on stdout), played at once on lanes[0..count-1], else
 * that game alone on lanes[0].  The seats turn round from game to game.
 * 0, or -1 with why (a game stopped in its opening leaves --log's file
 * empty: removed). */
static int play_round(struct play_match *p, struct match **lanes, long game,
		      int count, struct game_outcome *outcomes, char *why)
{
	struct match_set_game games[GAME_MAX_SEATS];
	char *logs[GAME_MAX_SEATS];
	struct play_set_line line = {.game = game, .count = p->count};
	struct match_round round = {.games = games, .count = count, .seats = p->count,
				    .duplicate = p->duplicate,
				    .set_seed = match_secrets_seed(&p->config),
				    .announce = announce_set, .ctx = &line};
	struct stat st;
	int rc;

	match_round_rotate(games, count, p->count, game, game - 1);
	for (int k = 0; k < count; k++) {
		logs[k] = p->out ? outdir_play_log(p->out, game + k)
				 : p->log ? xstrdup(p->log) : NULL;
		games[k].log_path = logs[k];
	}
	rc = match_play_round(lanes, &round, outcomes, why);
	if (rc && p->log && !stat(p->log, &st) && !st.st_size)
		unlink(p->log);
	for (int k = 0; k < count; k++)
		free(logs[k]);
	return rc;
}

/* The games from `game` on played together, listed as started in --out's
 * manifest before they start, then played (play_round()), then listed
 * as finished, each with its log: 0, or -1 with why. */
static int play_listed(struct play_match *p, struct match **lanes, long game,
		       int count, struct game_outcome *outcomes, char *why)
{
	bool listed = p->manifest.journal != NULL;

	if (listed && run_manifest_started_seated(&p->manifest, game, count, NULL, 0, why))
		return -1;
	if (play_round(p, lanes, game, count, outcomes, why))
		return -1;
	for (int k = 0; listed && k < count; k++)
		if (run_manifest_finished_with(&p->manifest, game + k, NULL, NULL, why))
			return -1;
	return 0;
}

int play_match_run(struct play_match *p, char *err)
{
	int count = p->duplicate ? p->count : 1, rc = 0;
	struct game_outcome outcomes[GAME_MAX_SEATS];
	struct match *lanes[GAME_MAX_SEATS] = {NULL};
	char why[ERR_LEN];

	p->config.hook_ctx = p;
	p->config.on_greeted = on_greeted;
	if (p->on_record)
		p->config.on_record = forward_record;
	if (!p->config.seed) {
		randombytes_buf(p->deal_key, sizeof p->deal_key);
		p->config.deal_key = p->deal_key;
	}
	if (p->out && run_manifest_create(&p->manifest, p->out, "play", &p->config,
					  p->names, p->count, p->duplicate, err)) {
		run_manifest_free(&p->manifest);
		return -1;
	}
	/* Each log of --out names its run, whose run.jsonl lists it. */
	p->place = (struct match_place){.run_id = p->manifest.id};
	p->config.place = p->out ? &p->place : NULL;
	lanes[0] = match_start(&p->config, p->entrants, p->count, err);
	if (!lanes[0]) {
		/* The empty log made for the sandbox holds no game. */
		if (p->log)
			unlink(p->log);
		run_manifest_discard(&p->manifest);
		return -1;
	}
	p->stderr_shown = xcalloc((size_t)p->count, sizeof *p->stderr_shown);
	p->firsts = xcalloc((size_t)p->count, sizeof *p->firsts);
	p->places = xcalloc((size_t)p->count, sizeof *p->places);
	p->forfeits = xcalloc((size_t)p->count, sizeof *p->forfeits);
	for (long game = 1; rc == 0 && game <= p->games; game += count) {
		if (play_listed(p, lanes, game, count, outcomes, why)) {
			rc = errorf(err, "game %ld: %s", game, why);
			break;
		}
		for (int k = 0; k < count; k++)
			tally(p, game + k, lanes[k], &outcomes[k]);
	}
	match_finish_lanes(lanes, count);
	if (rc == 0 && p->manifest.journal)
		rc = run_manifest_sign(&p->manifest, p->config.key, err);
	run_manifest_free(&p->manifest);
	sodium_memzero(p->deal_key, sizeof p->deal_key);
	if (rc == 0 && p->games > 1)
		print_summary(p);
	free(p->stderr_shown);
	free(p->firsts);
	free(p->places);
	free(p->forfeits);
	return rc;
}
