/*
 * `referee check-bot GAME BOT`, or `referee check-bot --tournament FILE
 * NAME` for a bot of a tournament file run as the tournament runs it (its
 * folders, environment, readable paths, limits, sandbox, game and
 * options: tournament_entrant.h): the first thing a bot author runs.  It
 * takes the bot through every message of the protocol (docs/PROTOCOL.md):
 * hello, start, the fairness exchange, turns, the end of a game, a new
 * game in the same process, and goodbye, over a few full games against
 * random opponents in every seat, then a duplicate set (a game in every
 * seat, each with fresh processes, whose start names the set and which
 * has no fairness exchange after the first), and prints a checklist; each failure
 * says why, with the offending line where there is one, the move, and the
 * bot's last words on stderr.  It then shows the bot's reply times by
 * message against their budgets, warning of any past half of one.
 */
#include <errno.h>
#include <getopt.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "bot/excerpt.h"
#include "files.h"
#include "games/registry.h"
#include "logread.h"
#include "match_set.h"
#include "options.h"
#include "outdir.h"
#include "paths.h"
#include "game_play.h"
#include "timings.h"
#include "tournament_entrant.h"
#include "util.h"
#include "verify.h"
#include "visible.h"

static const char usage[] =
"usage: referee check-bot GAME BOT [options]\n"
"       referee check-bot --tournament FILE NAME [--games N] [--keep DIR]\n"
"                         [--sandbox|--no-sandbox] [--limits|--no-limits]\n"
"\n"
"Checks that BOT (a command line) follows the protocol for GAME: it plays\n"
"a few full games against random opponents, in every seat, then a duplicate\n"
"set (a game in every seat, a new process for each, no commit or lock after\n"
"the first), and prints a checklist. Exit status 0 when every check passes,\n"
"1 when one fails.\n"
"With --tournament, the bot is the entry NAME of the tournament FILE, run as\n"
"the tournament runs it: in its folder, with its env, pass_env and readable\n"
"paths, the file's game, options, players, time control, limits and\n"
"sandbox (--sandbox and the others override the file as they do for\n"
"'referee tournament'); the duplicate set only when the file says\n"
"\"duplicate\": true.\n"
"\n"
"  --players N       players in the game (default: its fewest)\n"
"  --games N         games to play (default: 2 rounds of the seats)\n"
"  -o KEY=VALUE      a game option; repeatable\n"
"  --keep DIR        keep the logs and the bot's stderr in DIR\n"
"%s";

struct checklist {
	int passed, failed;
};

static void check(struct checklist *c, bool ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void check(struct checklist *c, bool ok, const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	/* A failure quotes what the bot sent. */
	visible_line(stdout, "  %-5s %s", ok ? "ok" : "FAIL", text);
	fflush(stdout);
	free(text);
	if (ok)
		c->passed++;
	else
		c->failed++;
}

/* What the first log says of the bot: its reported name, and whether it
 * took part in the fairness exchange. */
static void inspect_log(const char *path, int seat, struct checklist *c,
			bool *joined)
{
	struct verify_summary summary;
	struct game_log log;
	char err[ERR_LEN];

	if (logread_load(path, &log, err)) {
		check(c, false, "read %s: %s", path, err);
		return;
	}
	for (size_t i = 0; i < log.count; i++) {
		const char *type = logread_string(&log, i, "type");
		const cJSON *who = cJSON_GetObjectItemCaseSensitive(log.lines[i].json, "seat");

		if (type && !strcmp(type, "bot-reveal") && cJSON_GetNumberValue(who) == seat)
			*joined = true;
	}
	if (verify_log(&log, NULL, NULL, &summary, err))
		check(c, false, "the log %s verifies: %s", path, err);
	logread_free(&log);
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

struct run {
	/* With --tournament: the file, and the bot of it checked. */
	struct tournament_spec *spec;
	int bot;
	const struct game_rules *rules;
	cJSON *options;
	long games;
	int players;
	const char *keep;
	char *dir;             /* the logs' and the bot's stderr's */
	struct match_config config;
	struct bot_limits limits;
	struct timings replies[R_KINDS];
	struct timings cpu[R_KINDS];  /* with the CPU clock */
	bool first_turn;       /* the next turn is the first of a game */
};

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
	if (kind == R_TURN && r->first_turn)
		kind = R_FIRST_TURN;
	if (kind == R_START)
		r->first_turn = true;
	else if (kind == R_TURN || kind == R_FIRST_TURN)
		r->first_turn = false;
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
	check(c, false, "game %ld, seat %d%s: %s: %s", g, seat, move,
	      o->reason[seat], o->detail[seat]);
	print_stderr(stderr_path, sandboxed);
}

/* Seats the bot (entrant 0) at `seat`, the opponents in the others. */
static void seat_bot(int *seating, int players, int seat)
{
	for (int s = 0; s < players; s++)
		seating[s] = s == seat ? 0 : 1 + (s < seat ? s : s - 1);
}

/* A duplicate set after the games, in a match of its own: one game in
 * every seat, numbered on from `first`, each played by processes started
 * for it; the bot must finish every one. */
static void play_set(struct run *r, struct match_entrant *entrants, long first,
		     struct checklist *c, const char *stderr_path)
{
	struct match_set *set = match_set_new(r->config.seed, (unsigned long)first, r->players);
	bool played = true, finished = true;
	char err[ERR_LEN];
	struct match *match = match_start(&r->config, entrants, r->players, err);

	if (!match) {
		check(c, false, "a duplicate set: the referee failed: %s", err);
		match_set_free(set);
		return;
	}
	for (int seat = 0; seat < r->players; seat++) {
		long g = first + seat;
		int seating[GAME_MAX_SEATS];
		struct game_outcome o;
		char *log = outdir_play_log(r->dir, g);

		seat_bot(seating, r->players, seat);
		played = !match_play_in_set(match, set, (unsigned long)g, seating,
					    r->players, log, &o, err);
		free(log);
		if (!played) {
			check(c, false, "game %ld (a duplicate set): the referee failed: %s",
			      g, err);
			break;
		}
		if (o.forfeited[seat]) {
			game_fault(c, g, seat, &o, stderr_path, r->limits.sandbox);
			finished = false;
		}
	}
	if (played && finished)
		check(c, true, "games %ld to %ld, a duplicate set: a new process for "
		      "each, start naming the set, no commit or lock after the "
		      "first, end", first, first + r->players - 1);
	match_set_free(set);
	match_finish(match, NULL);
}

static int play_games(struct run *r, char *bot)
{
	int players = r->players;
	struct match_entrant entrants[GAME_MAX_SEATS];
	char *names[GAME_MAX_SEATS], err[ERR_LEN], *bots[GAME_MAX_SEATS];
	char *self = files_readlink("/proc/self/exe"), *opponent, *stderr_path, *log = NULL;
	bool goodbye[GAME_MAX_SEATS], joined = false, clean = true;
	bool last_forfeit = false, last_ok;
	struct checklist c = {0};
	struct match *match;
	const char **hidden = NULL;

	if (!self)
		return cli_fail("check-bot", "cannot find the referee itself: %s",
				strerror(errno));
	opponent = xasprintf("random='%s' random-bot", self);
	free(self);
	bots[0] = bot;
	for (int i = 1; i < players; i++)
		bots[i] = opponent;
	if (!cli_entrants("check-bot", bots, players, entrants, names)) {
		free(opponent);
		return EXIT_USAGE;
	}
	stderr_path = path_join(r->dir, "bot.stderr");
	for (int i = 0; i < players; i++)
		entrants[i].spec.limits = r->limits;
	entrants[0].spec.stderr_path = stderr_path;
	if (r->spec) {
		hidden = tournament_entrant(r->spec, r->bot, stderr_path, &entrants[0]);
		entrants[0].name = names[0];
		visible_line(stdout, "bot '%s' of %s, as its tournament runs it: "
			     "in %s", names[0], r->spec->name, entrants[0].spec.workdir
			     ? entrants[0].spec.workdir : "its home folder (no workdir)");
	}
	visible_line(stdout, "checking %s on %s, %d players, %ld games against "
		     "random opponents%s", entrants[0].spec.command, r->rules->name,
		     players, r->games, !r->spec || r->spec->duplicate
		     ? ", then a duplicate set if they pass" : "");
	r->config.on_reply = on_reply;
	r->config.hook_ctx = r;
	match = match_start(&r->config, entrants, players, err);
	if (!match) {
		check(&c, false, "starts: %s", err);
		goto out;
	}
	for (long g = 1; g <= r->games; g++) {
		int seating[GAME_MAX_SEATS], seat = (int)((g - 1) % players);
		struct game_outcome o;
		const char *name;

		/* The bot takes each seat in turn; the others are opponents. */
		seat_bot(seating, players, seat);
		free(log);
		log = outdir_play_log(r->dir, g);
		if (match_play(match, (unsigned long)g, seating, players, log, &o, err)) {
			check(&c, false, "game %ld: the referee failed: %s", g, err);
			clean = false;
			break;
		}
		/* Only a process that answered hello has started: one that
		 * cannot even open its script fails here, with its stderr. */
		if (g == 1 && !match_hello_name(match, 0, &name)) {
			check(&c, false, "starts: %s: %s", o.reason[seat], o.detail[seat]);
			print_stderr(stderr_path, r->limits.sandbox);
			clean = false;
			last_forfeit = true;
			break;
		}
		if (g == 1)
			check(&c, true, "starts: answers hello%s%s%s", name ? " as \"" : "",
			      name ? name : " (without a name)", name ? "\"" : "");
		last_forfeit = o.forfeited[seat];
		if (o.forfeited[seat]) {
			game_fault(&c, g, seat, &o, stderr_path, r->limits.sandbox);
			clean = false;
			continue;
		}
		check(&c, true, "game %ld, seat %d: %s, a full game (%d moves in "
		      "all), end", g, seat, g == 1 ? "hello, start, commit, lock"
		      : clean ? "the same process: start, commit, lock"
			      : "a new process: hello, start, commit, lock",
		      o.actions);
		inspect_log(log, seat, &c, &joined);
	}
	if (clean)
		printf("  %-5s %s\n", "note", joined
		       ? "takes part in the fairness exchange: its commitments open correctly"
		       : "declines the fairness exchange (allowed: the dice then rest on the "
			 "referee's and the other bots' randomness; the SDKs take part)");
	last_ok = clean || !last_forfeit;
	match_finish(match, goodbye);
	if (last_ok)
		check(&c, goodbye[0], "answers goodbye");
	/* A tournament entry plays sets only in a tournament of sets. */
	if (clean && (!r->spec || r->spec->duplicate))
		play_set(r, entrants, r->games + 1, &c, stderr_path);
	print_timings(r);
	printf("%d passed, %d failed\n", c.passed, c.failed);
	if (c.failed && !r->keep)
		printf("the logs and the bot's stderr are kept in %s\n", r->dir);
out:
	for (int i = 0; i < players; i++)
		free(names[i]);
	free(log);
	free(stderr_path);
	free(opponent);
	free(hidden);
	return c.failed ? EXIT_CHECK_FAILED : EXIT_OK;
}

/* Removes the scratch folder of a passing check (its files are ours). */
static void remove_scratch(const char *dir)
{
	if (files_remove_tree(dir))
		fprintf(stderr, "referee check-bot: could not remove %s: %s\n",
			dir, strerror(errno));
}

/* The sandbox and limits switches given: -1 when not, else on or off.
 * With --tournament they override the file's, as for `referee
 * tournament`; every other flag of the time control and limits is the
 * file's to set. */
struct switches {
	int sandbox, contain;
};

static bool take_switch(struct switches *sw, const char *flag)
{
	bool off = !strncmp(flag, "no-", 3);

	if (!strcmp(flag + 3 * off, "sandbox"))
		sw->sandbox = !off;
	else if (!strcmp(flag + 3 * off, "limits"))
		sw->contain = !off;
	else
		return false;
	return true;
}

/* With --tournament FILE NAME: the game, its options, the players, the
 * time control and the limits of the file, the bot its entry NAME, whose
 * command line, with its name, goes to *bot (a new string). */
static int from_tournament(struct run *r, const char *file, const char *name,
			   const struct switches *sw, struct tournament_spec *spec,
			   char **bot)
{
	const char *command;
	char err[ERR_LEN];
	size_t len;

	if (tournament_file_read(file, spec, err))
		return cli_fail("check-bot", "%s", err);
	r->bot = tournament_bot_index(spec, name);
	if (r->bot < 0) {
		size_t used = 0;
		char list[ERR_LEN] = "";

		for (int i = 0; i < spec->bot_count && used < sizeof list; i++)
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
						i ? ", " : "", spec->bots[i].name);
		cli_fail("check-bot", "%s has no bot named '%s': its bots are %s",
			 file, name, list);
		tournament_file_free(spec);
		return EXIT_USAGE;
	}
	r->spec = spec;
	r->rules = spec->rules;
	r->options = cJSON_Duplicate(spec->options, true);
	r->players = spec->players;
	r->config.time = spec->time;
	r->limits = spec->limits;
	if (sw->sandbox >= 0)
		r->limits.sandbox = sw->sandbox;
	if (sw->contain >= 0)
		r->limits.contain = sw->contain;
	command = spec->bots[r->bot].command;
	len = strlen(name) + strlen(command) + 2;
	*bot = xmalloc(len);
	snprintf(*bot, len, "%s=%s", name, command);
	return EXIT_OK;
}

/* GAME BOT: the game and its options (-o), the number of players. */
static int from_arguments(struct run *r, const char *game, const char *const *pairs,
			  int npairs, long players)
{
	char err[ERR_LEN];
	cJSON *given;

	r->rules = arena_game_find(game);
	if (!r->rules)
		return cli_fail("check-bot", "unknown game '%s' (see 'referee games')",
				game);
	r->players = players ? (int)players : r->rules->min_players;
	given = options_from_pairs(pairs, npairs, err);
	r->options = given ? options_resolve(r->rules, given, err) : NULL;
	cJSON_Delete(given);
	if (!r->options || game_play_check_setup(r->rules, r->options, r->players, err)) {
		cJSON_Delete(r->options);
		r->options = NULL;
		return cli_fail("check-bot", "%s", err);
	}
	return EXIT_OK;
}

int cmd_check_bot(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"games", required_argument, NULL, 'g'},
		{"players", required_argument, NULL, 'p'},
		{"keep", required_argument, NULL, 'k'},
		{"tournament", required_argument, NULL, 't'},
		CLI_MATCH_LONGOPTS,
		{NULL, 0, NULL, 0},
	};
	struct run r = {.config.time = cli_default_time, .config.grace_ms = 200,
			.limits = cli_default_limits};
	struct tournament_spec spec;
	struct switches sw = {-1, -1};
	const char *pairs[64], *file = NULL, *fixed = NULL;
	int npairs = 0, opt, rc, index;
	long players = 0;
	struct referee_key key;
	char err[ERR_LEN], *bot = NULL;

	if (cli_wants_help(argc, argv)) {
		printf(usage, cli_match_usage);
		return EXIT_OK;
	}
	while ((opt = cli_option("check-bot", argc, argv, "o:", longopts, &index)) != -1) {
		if (opt == '?')
			return EXIT_USAGE;
		if (opt == 'g' && !cli_number("check-bot", "--games", optarg, 1, 1000, &r.games))
			return EXIT_USAGE;
		else if (opt == 'p' && !cli_number("check-bot", "--players", optarg, 1,
						   GAME_MAX_SEATS, &players))
			return EXIT_USAGE;
		else if (opt == 'k')
			r.keep = optarg;
		else if (opt == 't')
			file = optarg;
		else if (opt == 'o' && npairs == 64)
			return cli_fail("check-bot", "too many -o options");
		else if (opt == 'o')
			pairs[npairs++] = optarg;
		else if (opt > 1000 && (rc = cli_match_option("check-bot", opt, optarg,
							      &r.config.time, &r.limits)) != EXIT_OK)
			return rc;
		if (!fixed && (opt == 'o' || opt == 'p' ||
			       (opt > 1000 && !take_switch(&sw, longopts[index].name))))
			fixed = opt == 'o' ? "o" : longopts[index].name;
	}
	if (file && fixed) {
		cli_limits_free(&r.limits);
		return cli_fail("check-bot", "-%s%s: with --tournament the tournament "
				"file sets the game, its options, the players, the "
				"time control and the limits", fixed[1] ? "-" : "", fixed);
	}
	if (argc - optind != (file ? 1 : 2))
		return cli_fail("check-bot", file ? "give one bot's name after "
				"--tournament FILE" : "give a game and one bot");
	rc = file ? from_tournament(&r, file, argv[optind], &sw, &spec, &bot)
		  : from_arguments(&r, argv[optind], pairs, npairs, players);
	if (rc)
		return rc;
	if (!r.games)
		r.games = 2 * r.players;
	if ((rc = cli_containment_ready("check-bot", &r.config.time, &r.limits)))
		goto out;
	r.dir = xstrdup(r.keep ? r.keep : "/tmp/check-bot.XXXXXX");
	if (r.keep ? files_mkdirs(r.dir, err) != 0 : !mkdtemp(r.dir)) {
		rc = cli_fail("check-bot", "cannot make a folder for the logs: %s",
			      r.keep ? err : strerror(errno));
		goto out;
	}
	rc = cli_sandbox_ready("check-bot", &r.limits,
			       (const char *const[]){ r.dir }, 1);
	if (rc != EXIT_OK) {
		remove_scratch(r.dir);
		goto out;
	}
	/* What the bot must not see, as the tournament's bots. */
	if (r.spec)
		r.spec->limits = r.limits;
	keys_generate(r.dir, &key, err);
	r.config.rules = r.rules;
	r.config.options = r.options;
	r.config.key = &key;
	rc = play_games(&r, bot ? bot : argv[optind + 1]);
	for (int k = 0; k < R_KINDS; k++) {
		timings_free(&r.replies[k]);
		timings_free(&r.cpu[k]);
	}
	if (rc == EXIT_OK && !r.keep)
		remove_scratch(r.dir);
	sodium_memzero(&key, sizeof key);
out:
	free(r.dir);
	cJSON_Delete(r.options);
	cli_limits_free(&r.limits);
	if (r.spec)
		tournament_file_free(r.spec);
	free(bot);
	return rc;
}
