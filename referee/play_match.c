/*
 * The match of `referee play`; see play_match.h.
 */
#include "play_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/excerpt.h"
#include "games/fair.h"
#include "match_set.h"
#include "names.h"
#include "outdir.h"
#include "util.h"
#include "visible.h"

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

/* A bot's first forfeit shows what it wrote to stderr in that game. */
static void print_stderr(struct play_match *p, int entrant)
{
	struct excerpt x;

	if (p->stderr_shown[entrant] || is_human(p, entrant))
		return;
	p->stderr_shown[entrant] = true;
	excerpt_read(p->stderr_paths[entrant], p->sandboxed, &x);
	printf("     its stderr:\n");
	excerpt_print(stdout, &x, "     ");
	excerpt_free(&x);
}

static void print_outcome(struct play_match *p, long game,
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
				print_stderr(p, seating[s]);
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
		excerpt_read(p->stderr_paths[i], p->sandboxed, &x);
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

/* With --duplicate, the set game `game` belongs to, made when it is the
 * set's first (and the set said on stdout); otherwise NULL. */
static struct match_set *set_for(const struct play_match *p, long game,
				 struct match_set *set)
{
	char hex[2 * FAIR_GAME_ID_BYTES + 1];

	if (!p->duplicate || (game - 1) % p->count)
		return set;
	match_set_free(set);
	set = match_set_new(p->config.seed, (unsigned long)game, p->count);
	hex_encode(hex, set->id, sizeof set->id);
	printf("set %ld: games %ld to %ld, set_id %s\n", (game - 1) / p->count + 1,
	       game, game + p->count - 1, hex);
	return set;
}

int play_match_run(struct play_match *p, char *err)
{
	int seating[GAME_MAX_SEATS];
	struct game_outcome outcome;
	char why[ERR_LEN];
	struct match *match;
	struct match_set *set = NULL;
	int rc = 0;

	p->config.hook_ctx = p;
	p->config.on_greeted = on_greeted;
	if (p->on_record)
		p->config.on_record = forward_record;
	match = match_start(&p->config, p->entrants, p->count, err);
	if (!match) {
		/* The empty log made for the sandbox holds no game. */
		if (p->log)
			unlink(p->log);
		return -1;
	}
	p->stderr_shown = xcalloc((size_t)p->count, sizeof *p->stderr_shown);
	p->firsts = xcalloc((size_t)p->count, sizeof *p->firsts);
	p->places = xcalloc((size_t)p->count, sizeof *p->places);
	p->forfeits = xcalloc((size_t)p->count, sizeof *p->forfeits);
	for (long game = 1; rc == 0 && game <= p->games; game++) {
		char *log_path = NULL;

		for (int s = 0; s < p->count; s++)
			seating[s] = (int)((s + game - 1) % p->count);
		if (p->out)
			log_path = outdir_play_log(p->out, game);
		else if (p->log)
			log_path = xstrdup(p->log);
		set = set_for(p, game, set);
		if (match_play_in_set(match, set, (unsigned long)game, seating,
				      p->count, log_path, &outcome, why)) {
			struct stat st;

			/* A game stopped in its opening left its log empty. */
			if (p->log && !stat(p->log, &st) && !st.st_size)
				unlink(p->log);
			free(log_path);
			rc = errorf(err, "game %ld: %s", game, why);
			break;
		}
		free(log_path);
		print_outcome(p, game, &outcome, seating);
		for (int s = 0; s < p->count; s++) {
			p->firsts[seating[s]] += outcome.result.rank[s] == 1;
			p->places[seating[s]] += outcome.result.rank[s];
			p->forfeits[seating[s]] += outcome.forfeited[s];
		}
	}
	match_set_free(set);
	match_finish(match, NULL);
	if (rc == 0 && p->games > 1)
		print_summary(p);
	free(p->stderr_shown);
	free(p->firsts);
	free(p->places);
	free(p->forfeits);
	return rc;
}
