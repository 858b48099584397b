/*
 * check-bot's checklist (check_bot.h): the games and the duplicate set,
 * each line of the checklist as it is found, the reply times by message.
 */
#include "check_bot.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/game_play.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/timings.h"
#include "base/util.h"
#include "base/verify.h"
#include "base/visible.h"
#include "bot/excerpt.h"
#include "match/match_set.h"
#include "tournament_entrant.h"

struct checklist {
	int passed, failed, warned;
	bool lenient;   /* a game the bot forfeits is a warning */
};

/* A line of the checklist: "ok", "FAIL" or "warn" (counted apart). */
__attribute__((format(printf, 3, 0)))
static void say(const char *label, int *count, const char *fmt, va_list ap)
{
	char *text = xvasprintf(fmt, ap);

	/* A failure quotes what the bot sent. */
	visible_line(stdout, "  %-5s %s", label, text);
	fflush(stdout);
	free(text);
	(*count)++;
}

__attribute__((format(printf, 3, 4)))
static void check(struct checklist *c, bool ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(ok ? "ok" : "FAIL", ok ? &c->passed : &c->failed, fmt, ap);
	va_end(ap);
}

/* A failure of a game the bot lost by forfeit: with --lenient only a
 * warning, since a bot that forfeits some games plays the others. */
__attribute__((format(printf, 2, 3)))
static void flaw(struct checklist *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(c->lenient ? "warn" : "FAIL", c->lenient ? &c->warned : &c->failed, fmt, ap);
	va_end(ap);
}

/* Reply times of the bot under test, by the message they answer; the
 * first turn of each game is kept apart (a bot that loads or builds
 * things lazily pays for it there). */
enum reply_kind { R_HELLO, R_START, R_COMMIT, R_LOCK, R_FIRST_TURN, R_TURN,
		  R_END, R_GOODBYE, R_KINDS };

static const char *const kind_names[R_KINDS] = {
	"hello", "start", "commit", "lock", "turn (first of a game)", "turn",
	"end", "goodbye",
};

/* The check going on: the request, and the bot's reply times by kind. */
struct run {
	const struct check_bot *check;
	struct match_config config;  /* the check's, with on_reply */
	struct timings replies[R_KINDS];
	struct timings cpu[R_KINDS];  /* with the CPU clock */
	/* The games started whose first turn the bot has not had yet (a
	 * set's games start together). */
	int first_turns;
	/* What its games showed: no game forfeited so far, the last one
	 * forfeited, the fairness exchange taken part in, the moves of its
	 * own the referee took, the games it played to their end. */
	bool clean, last_forfeit, joined;
	long moves, whole;
};

/* What the log at `path` says of the bot at `seat`: the moves of its own
 * the referee took (its actions, the openings it drew left out), and, of
 * a game it played to its end (`c` not NULL), whether it took part in the
 * fairness exchange, and that the log verifies. */
static void read_log(struct run *r, const char *path, int seat, struct checklist *c)
{
	struct verify_summary summary;
	struct game_log log;
	char err[ERR_LEN];

	if (logread_load(path, &log, err)) {
		if (c)
			check(c, false, "read %s: %s", path, err);
		return;
	}
	for (size_t i = 0; i < log.count; i++) {
		const cJSON *line = log.lines[i].json;
		const char *type = logread_string(&log, i, "type");
		bool own = type && cJSON_GetNumberValue(
			cJSON_GetObjectItemCaseSensitive(line, "seat")) == seat;

		r->moves += own && !strcmp(type, "action") &&
			    !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(line, "opening"));
		r->joined |= c && own && !strcmp(type, "bot-reveal");
	}
	if (c && verify_log(&log, NULL, NULL, &summary, err))
		check(c, false, "the log %s verifies: %s", path, err);
	logread_free(&log);
}

static void on_reply(void *ctx, int entrant, const char *type, int64_t ns,
		     int64_t cpu_ns)
{
	struct run *r = ctx;
	int kind = R_KINDS;

	if (entrant != 0)
		return;
	for (int k = 0; k < R_KINDS; k++)
		if (!strcmp(type, kind_names[k]))
			kind = k;
	if (kind == R_TURN && r->first_turns > 0) {
		kind = R_FIRST_TURN;
		r->first_turns--;
	}
	if (kind == R_START)
		r->first_turns++;
	if (kind < R_KINDS)
		timings_add(&r->replies[kind], ns);
	if (kind < R_KINDS && cpu_ns >= 0)
		timings_add(&r->cpu[kind], cpu_ns);
}

/* Prints the reply times against their budgets, the wall time and, with
 * the CPU clock, the CPU time charged (the budget's clock): a warning for
 * a kind of message whose slowest reply took over half its budget. */
static void print_timings(struct run *r)
{
	bool cpu = r->config.time.clock == CLOCK_CPU;
	struct timings *charged = cpu ? r->cpu : r->replies;
	long budget[R_KINDS];
	bool header = false;

	for (int k = 0; k < R_KINDS; k++)
		budget[k] = k == R_HELLO ? r->config.time.start_ms : r->config.time.move_ms;
	for (int k = 0; k < R_KINDS; k++) {
		int64_t sum[TIMINGS_SUMMARY], cpu_sum[TIMINGS_SUMMARY];

		if (!r->replies[k].count)
			continue;
		if (!header)
			printf("reply times (%s clock):\n  %-24s %7s %10s %10s %10s %10s %10s\n",
			       cpu ? "CPU" : "wall", "message", "replies",
			       "median", "max", "CPU median", "CPU max", "budget");
		header = true;
		timings_summarize(&r->replies[k], sum);
		timings_summarize(&r->cpu[k], cpu_sum);
		printf("  %-24s %7zu %7.1f ms %7.1f ms", kind_names[k],
		       r->replies[k].count, sum[TIMINGS_MEDIAN] / 1e6,
		       sum[TIMINGS_MAX] / 1e6);
		if (cpu)
			printf(" %7.1f ms %7.1f ms", cpu_sum[TIMINGS_MEDIAN] / 1e6,
			       cpu_sum[TIMINGS_MAX] / 1e6);
		else
			printf(" %10s %10s", "-", "-");
		printf(" %7ld ms\n", budget[k]);
	}
	for (int k = 0; k < R_KINDS; k++) {
		int64_t sum[TIMINGS_SUMMARY];

		timings_summarize(&charged[k], sum);
		if (charged[k].count && sum[TIMINGS_MAX] > budget[k] * 500000)
			printf("  %-5s %s: the slowest reply took %.1f ms%s, over half "
			       "the %ld ms budget: a slower machine%s may make it a "
			       "timeout\n", "warn", kind_names[k], sum[TIMINGS_MAX] / 1e6,
			       cpu ? " of CPU" : "", budget[k], cpu ? "" : " or a busy one");
	}
}

/* Prints the first and last lines the bot wrote to stderr in the game
 * that just ended (after the referee's mark for it), indented under a
 * failure, with what they say of a path the sandbox hides. */
static void print_stderr(const char *path, bool sandboxed)
{
	struct excerpt x;

	excerpt_read(path, sandboxed, &x);
	if (excerpt_first(&x))
		printf("        the bot's stderr, first and last lines:\n");
	excerpt_print(stdout, &x, "        ");
	excerpt_free(&x);
}

/* The checklist line of a game the bot forfeited, with the move it was
 * at and what it wrote to stderr. */
static void game_fault(struct checklist *c, long g, int seat,
		       const struct game_outcome *o, const char *stderr_path,
		       bool sandboxed)
{
	char move[32] = "";

	if (o->fault_move[seat])
		snprintf(move, sizeof move, ", move %d", o->fault_move[seat]);
	flaw(c, "game %ld, seat %d%s: %s: %s", g, seat, move, o->reason[seat],
	     o->detail[seat]);
	print_stderr(stderr_path, sandboxed);
}

/* Seats the bot (entrant 0) at `seat`, the opponents in the others. */
static void seat_bot(int *seating, int players, int seat)
{
	for (int s = 0; s < players; s++)
		seating[s] = s == seat ? 0 : 1 + (s < seat ? s : s - 1);
}

/* A duplicate set after the games, on matches of its own: one game in
 * every seat (the seating turned round), numbered on from `first`, all
 * played at once, in step, each by processes of its own (its stderr in
 * a file of their own: match_twins()); the bot must finish every
 * one. */
static void play_set(struct run *r, struct match_entrant *entrants, long first,
		     struct checklist *c)
{
	int players = r->check->players;
	struct match *lanes[GAME_MAX_SEATS] = {NULL};
	struct match_set_game games[GAME_MAX_SEATS];
	struct match_round round = {.games = games, .count = players, .seats = players,
				    .duplicate = true,
				    .set_seed = match_secrets_seed(&r->config)};
	struct game_outcome outcomes[GAME_MAX_SEATS];
	char *logs[GAME_MAX_SEATS], err[ERR_LEN];
	bool finished = true;

	match_round_rotate(games, players, players, first, 0);
	for (int k = 0; k < players; k++)
		games[k].log_path = logs[k] = outdir_play_log(r->check->dir, first + k);
	lanes[0] = match_start(&r->config, entrants, players, err);
	if (!lanes[0] || match_play_round(lanes, &round, outcomes, err)) {
		check(c, false, "a duplicate set: the referee failed: %s", err);
		finished = false;
	}
	for (int k = 0; finished && k < players; k++) {
		int seat = match_set_seat_of(k, 0, players);  /* the bot's */

		if (outcomes[k].forfeited[seat]) {
			game_fault(c, first + k, seat, &outcomes[k],
				   match_stderr_path(lanes[k], 0), r->check->limits.sandbox);
			finished = false;
		}
	}
	if (finished)
		check(c, true, "games %ld to %ld, a duplicate set: played at once, "
		      "each by processes of its own, start naming the set, no "
		      "commit or lock after the first, end", first,
		      first + players - 1);
	for (int k = 0; k < players; k++)
		free(logs[k]);
	match_finish_lanes(lanes, players);
}

/* Says which bot is checked and how. */
static void announce(struct run *r, const struct match_entrant *bot)
{
	const struct check_bot *k = r->check;

	if (k->spec)
		visible_line(stdout, "bot '%s' of %s, as its tournament runs it: "
			     "in %s", bot->name, k->spec->name, bot->spec.workdir
			     ? bot->spec.workdir : "its home folder (no workdir)");
	visible_line(stdout, "checking %s on %s, %d players, %ld games against "
		     "random opponents%s", bot->spec.command, k->rules->name,
		     k->players, k->games, !k->spec || k->spec->duplicate
		     ? ", then a duplicate set if they pass" : "");
}

/* The games against random opponents, the bot in every seat in turn, on
 * the processes of `match`; what they showed in `r`. */
static void play_games(struct run *r, struct match *match, struct checklist *c,
		       const char *stderr_path)
{
	int players = r->check->players;
	char err[ERR_LEN], *log = NULL;

	r->clean = true;
	for (long g = 1; g <= r->check->games; g++) {
		int seating[GAME_MAX_SEATS], seat = (int)((g - 1) % players);
		struct game_outcome o;
		const char *name;

		/* The bot takes each seat in turn; the others are opponents. */
		seat_bot(seating, players, seat);
		free(log);
		log = outdir_play_log(r->check->dir, g);
		if (match_play(match, (unsigned long)g, seating, players, log, &o, err)) {
			check(c, false, "game %ld: the referee failed: %s", g, err);
			r->clean = false;
			break;
		}
		/* Only a process that answered hello has started: one that
		 * cannot even open its script fails here, with its stderr. */
		if (g == 1 && !match_hello_name(match, 0, &name)) {
			check(c, false, "starts: %s: %s", o.reason[seat], o.detail[seat]);
			print_stderr(stderr_path, r->check->limits.sandbox);
			if (!strcmp(o.reason[seat], "timeout"))
				printf("        %s\n", EXCERPT_FLUSH_HINT);
			r->clean = false;
			r->last_forfeit = true;
			break;
		}
		if (g == 1)
			check(c, true, "starts: answers hello%s%s%s", name ? " as \"" : "",
			      name ? name : " (without a name)", name ? "\"" : "");
		r->last_forfeit = o.forfeited[seat];
		if (o.forfeited[seat]) {
			read_log(r, log, seat, NULL);
			game_fault(c, g, seat, &o, stderr_path, r->check->limits.sandbox);
			r->clean = false;
			continue;
		}
		r->whole++;
		check(c, true, "game %ld, seat %d: %s, a full game (%d moves in "
		      "all), end", g, seat, g == 1 ? "hello, start, commit, lock"
		      : r->clean ? "the same process: start, commit, lock"
				 : "a new process: hello, start, commit, lock",
		      o.actions);
		read_log(r, log, seat, c);
	}
	free(log);
}

/* Where the checked bot's stderr goes, in the check's folder. */
static const char stderr_name[] = "bot.stderr";

bool check_bot_left_something(const char *dir)
{
	char *stderr_path = path_join(dir, stderr_name), *log = outdir_play_log(dir, 1);
	struct stat st;
	bool left = (stat(stderr_path, &st) == 0 && st.st_size > 0) || access(log, F_OK) == 0;

	free(stderr_path);
	free(log);
	return left;
}

int check_bot_run(const struct check_bot *request, struct match_entrant *entrants)
{
	struct run run = {.check = request, .config = request->config}, *r = &run;
	int players = request->players;
	char err[ERR_LEN], *stderr_path;
	const char *given = entrants[0].name;
	bool goodbye[GAME_MAX_SEATS];
	struct checklist c = {.lenient = request->lenient};
	struct match *match;
	const char **hidden = NULL;

	stderr_path = path_join(request->dir, stderr_name);
	for (int i = 0; i < players; i++)
		entrants[i].spec.limits = request->limits;
	entrants[0].spec.stderr_path = stderr_path;
	if (request->spec) {
		hidden = tournament_entrant(request->spec, request->bot, stderr_path,
					    &entrants[0]);
		entrants[0].name = given;
	}
	announce(r, &entrants[0]);
	r->config.on_reply = on_reply;
	r->config.hook_ctx = r;
	match = match_start(&r->config, entrants, players, err);
	if (!match) {
		check(&c, false, "starts: %s", err);
		goto out;
	}
	play_games(r, match, &c, stderr_path);
	if (r->clean)
		printf("  %-5s %s%s%s\n", "note", r->joined
		       ? "takes part in the fairness exchange: its commitments open correctly"
		       : "declines the fairness exchange (allowed: ", r->joined ? ""
		       : game_play_chance(r->check->rules), r->joined ? "" : " then rest on the "
			 "referee's and the other bots' randomness; the SDKs take part)");
	match_finish(match, goodbye);
	if ((r->clean || !r->last_forfeit) && goodbye[0])
		check(&c, true, "answers goodbye");
	else if (r->clean || !r->last_forfeit)
		flaw(&c, "answers goodbye");
	/* Lenient: a bot plays if the referee took a move of its own, or it
	 * saw a game to its end without forfeiting (its opponents may have
	 * forfeited before its first turn). */
	if (c.lenient && c.failed == 0)
		check(&c, r->moves > 0 || r->whole > 0, "plays: %ld moves of its own, %ld of "
		      "%ld games to their end%s", r->moves, r->whole, r->check->games,
		      r->moves || r->whole ? "" : ": it would lose every game by forfeit");
	/* A tournament entry plays sets only in a tournament of sets. */
	if ((r->clean || (c.lenient && c.failed == 0)) &&
	    (!r->check->spec || r->check->spec->duplicate))
		play_set(r, entrants, r->check->games + 1, &c);
	print_timings(r);
	printf("%d passed, %d failed%s", c.passed, c.failed, c.lenient ? "" : "\n");
	if (c.lenient)
		printf(", %d warned (--lenient: a game it forfeits is a warning)\n", c.warned);
out:
	if (c.failed && !r->check->keep && check_bot_left_something(r->check->dir))
		visible_line(stdout, "the logs and the bot's stderr are kept in %s (remove "
			     "it when done; --keep DIR puts them where you choose, "
			     "TMPDIR where the next such folder goes)", r->check->dir);
	for (int k = 0; k < R_KINDS; k++) {
		timings_free(&r->replies[k]);
		timings_free(&r->cpu[k]);
	}
	free(stderr_path);
	free(hidden);
	return c.failed;
}
