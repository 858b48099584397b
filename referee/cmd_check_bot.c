/*
 * `referee check-bot GAME BOT`: the first thing a bot author runs.  It
 * takes the bot through every message of the protocol (docs/PROTOCOL.md):
 * hello, start, the fairness exchange, turns, the end of a game, a new
 * game in the same process, and goodbye, over a few full games against
 * random opponents in every seat, and prints a checklist; each failure
 * says why, with the offending line where there is one, the move, and the
 * bot's last words on stderr.  It then shows the bot's reply times by
 * message against their budgets, warning of any past half of one.
 */
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "files.h"
#include "games/registry.h"
#include "logread.h"
#include "options.h"
#include "table.h"
#include "timings.h"
#include "util.h"
#include "verify.h"

static const char usage[] =
"usage: referee check-bot GAME BOT [options]\n"
"\n"
"Checks that BOT (a command line) follows the protocol for GAME: it plays\n"
"a few full games against random opponents, in every seat, and prints a\n"
"checklist. Exit status 0 when every check passes, 1 when one fails.\n"
"\n"
"  --players N       players at the table (default: the game's fewest)\n"
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

	printf("  %-5s ", ok ? "ok" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
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
	const struct game_rules *rules;
	cJSON *options;
	long games;
	int players;
	const char *keep;
	char dir[64];
	struct match_config config;
	struct bot_limits limits;
	struct timings replies[R_KINDS];
	bool first_turn;       /* the next turn is the first of a game */
};

static void on_reply(void *ctx, int entrant, const char *type, int64_t ns)
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
}

/* Prints the reply times against their budgets: a warning for a kind of
 * message whose slowest reply took over half its budget. */
static void print_timings(struct run *r)
{
	long budget[R_KINDS];
	bool header = false;

	for (int k = 0; k < R_KINDS; k++)
		budget[k] = k == R_HELLO ? r->config.time.start_ms : r->config.time.move_ms;
	for (int k = 0; k < R_KINDS; k++) {
		int64_t sum[TIMINGS_SUMMARY];

		if (!r->replies[k].count)
			continue;
		if (!header)
			printf("reply times:\n  %-24s %7s %10s %10s %10s\n", "message",
			       "replies", "median", "max", "budget");
		header = true;
		timings_summarize(&r->replies[k], sum);
		printf("  %-24s %7zu %7.1f ms %7.1f ms %7ld ms\n", kind_names[k],
		       r->replies[k].count, sum[TIMINGS_MEDIAN] / 1e6,
		       sum[TIMINGS_MAX] / 1e6, budget[k]);
	}
	for (int k = 0; k < R_KINDS; k++) {
		int64_t sum[TIMINGS_SUMMARY];

		timings_summarize(&r->replies[k], sum);
		if (r->replies[k].count && sum[TIMINGS_MAX] > budget[k] * 500000)
			printf("  %-5s %s: the slowest reply took %.1f ms, over half "
			       "the %ld ms budget: a slower machine or a busy one may "
			       "make it a timeout\n", "warn", kind_names[k],
			       sum[TIMINGS_MAX] / 1e6, budget[k]);
	}
}

/* Prints the last lines the bot wrote to stderr in the game that just
 * ended (after the referee's mark for it), indented under a failure. */
static void print_stderr_tail(const char *path)
{
	enum { LINES = 12 };
	char *lines[LINES] = {NULL}, *line = NULL;
	size_t cap = 0;
	int count = 0;
	FILE *f = fopen(path, "r");

	while (f && getline(&line, &cap, f) > 0) {
		if (!strncmp(line, "=== arena: game ", 16)) {
			for (int i = 0; i < LINES; i++) {
				free(lines[i]);
				lines[i] = NULL;
			}
			count = 0;
			continue;
		}
		free(lines[count % LINES]);
		lines[count++ % LINES] = xstrdup(line);
	}
	if (f)
		fclose(f);
	free(line);
	if (!count) {
		printf("        (the bot wrote nothing to stderr)\n");
		return;
	}
	printf("        the bot's stderr, last lines:\n");
	for (int i = count > LINES ? count - LINES : 0; i < count; i++) {
		char *text = lines[i % LINES];

		text[strcspn(text, "\n")] = '\0';
		printf("        | %s\n", text);
	}
	for (int i = 0; i < LINES; i++)
		free(lines[i]);
}

/* The checklist line of a game the bot forfeited, with the move it was
 * at and what it wrote to stderr. */
static void game_fault(struct checklist *c, long g, int seat,
		       const struct game_outcome *o, const char *stderr_path)
{
	char move[32] = "";

	if (o->fault_move[seat])
		snprintf(move, sizeof move, ", move %d", o->fault_move[seat]);
	check(c, false, "game %ld, seat %d%s: %s: %s", g, seat, move,
	      o->reason[seat], o->detail[seat]);
	print_stderr_tail(stderr_path);
}

static int play_games(struct run *r, char *bot)
{
	int players = r->players;
	struct match_entrant entrants[GAME_MAX_SEATS];
	char *names[GAME_MAX_SEATS], err[ERR_LEN], self[4096], *bots[GAME_MAX_SEATS];
	char opponent[4200], stderr_path[4200];
	bool goodbye[GAME_MAX_SEATS], joined = false, clean = true;
	bool last_forfeit = false, last_ok;
	struct checklist c = {0};
	struct match *match;
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);

	if (n < 0)
		return cli_fail("check-bot", "cannot find the referee itself: %s",
				strerror(errno));
	self[n] = '\0';
	snprintf(opponent, sizeof opponent, "random='%s' random-bot", self);
	bots[0] = bot;
	for (int i = 1; i < players; i++)
		bots[i] = opponent;
	if (!cli_entrants("check-bot", bots, players, entrants, names))
		return EXIT_USAGE;
	snprintf(stderr_path, sizeof stderr_path, "%s/bot.stderr", r->dir);
	for (int i = 0; i < players; i++)
		entrants[i].spec.limits = r->limits;
	entrants[0].spec.stderr_path = stderr_path;
	printf("checking %s on %s, %d players, %ld games against random opponents\n",
	       entrants[0].spec.command, r->rules->name, players, r->games);
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
		char log[4200];

		/* The bot takes each seat in turn; the others are opponents. */
		for (int s = 0; s < players; s++)
			seating[s] = s == seat ? 0 : 1 + (s < seat ? s : s - 1);
		snprintf(log, sizeof log, "%s/game-%02ld.jsonl", r->dir, g);
		if (match_play(match, (unsigned long)g, seating, players, log, &o, err)) {
			check(&c, false, "game %ld: the referee failed: %s", g, err);
			clean = false;
			break;
		}
		/* Only a process that answered hello has started: one that
		 * cannot even open its script fails here, with its stderr. */
		if (g == 1 && !match_hello_name(match, 0, &name)) {
			check(&c, false, "starts: %s: %s", o.reason[seat], o.detail[seat]);
			print_stderr_tail(stderr_path);
			clean = false;
			last_forfeit = true;
			break;
		}
		if (g == 1)
			check(&c, true, "starts: answers hello%s%s%s", name ? " as \"" : "",
			      name ? name : " (without a name)", name ? "\"" : "");
		last_forfeit = o.forfeited[seat];
		if (o.forfeited[seat]) {
			game_fault(&c, g, seat, &o, stderr_path);
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
	print_timings(r);
	printf("%d passed, %d failed\n", c.passed, c.failed);
	if (c.failed && !r->keep)
		printf("the logs and the bot's stderr are kept in %s\n", r->dir);
out:
	for (int i = 0; i < players; i++)
		free(names[i]);
	return c.failed ? EXIT_CHECK_FAILED : EXIT_OK;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Removes the scratch folder of a passing check (its files are ours). */
static void remove_scratch(const char *dir)
{
	if (nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS))
		fprintf(stderr, "referee check-bot: could not remove %s: %s\n",
			dir, strerror(errno));
}

int cmd_check_bot(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"games", required_argument, NULL, 'g'},
		{"players", required_argument, NULL, 'p'},
		{"keep", required_argument, NULL, 'k'},
		CLI_MATCH_LONGOPTS,
		{NULL, 0, NULL, 0},
	};
	struct run r = {.config.time = cli_default_time, .config.grace_ms = 200,
			.limits = cli_default_limits};
	const char *pairs[64];
	int npairs = 0, opt, rc;
	long players = 0;
	struct referee_key key;
	char err[ERR_LEN];
	cJSON *given;

	if (cli_wants_help(argc, argv)) {
		printf(usage, cli_match_usage);
		return EXIT_OK;
	}
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
		if (opt == 'g' && !cli_number("check-bot", "--games", optarg, 1, 1000, &r.games))
			return EXIT_USAGE;
		else if (opt == 'p' && !cli_number("check-bot", "--players", optarg, 1,
						   GAME_MAX_SEATS, &players))
			return EXIT_USAGE;
		else if (opt == 'k')
			r.keep = optarg;
		else if (opt == 'o' && npairs < 64)
			pairs[npairs++] = optarg;
		else if (opt != 'g' && opt != 'p' && (rc = cli_match_option("check-bot", opt, optarg,
							       &r.config.time, &r.limits)) != EXIT_OK)
			return rc == -1 ? cli_fail("check-bot", "unknown option '%s'",
						   argv[optind - 1]) : rc;
	}
	if (argc - optind != 2)
		return cli_fail("check-bot", "give a game and one bot");
	r.rules = game_find(argv[optind]);
	if (!r.rules)
		return cli_fail("check-bot", "unknown game '%s' (see 'referee games')",
				argv[optind]);
	r.players = players ? (int)players : r.rules->min_players;
	if (!r.games)
		r.games = 2 * r.players;
	given = options_from_pairs(pairs, npairs, err);
	r.options = given ? options_resolve(r.rules, given, err) : NULL;
	cJSON_Delete(given);
	if (!r.options || table_check_setup(r.rules, r.options, r.players, err)) {
		cJSON_Delete(r.options);
		return cli_fail("check-bot", "%s", err);
	}
	snprintf(r.dir, sizeof r.dir, "%s", r.keep ? r.keep : "/tmp/check-bot.XXXXXX");
	if (r.keep ? files_mkdirs(r.dir, err) != 0 : !mkdtemp(r.dir)) {
		cJSON_Delete(r.options);
		return cli_fail("check-bot", "cannot make a folder for the logs: %s",
				r.keep ? err : strerror(errno));
	}
	rc = cli_sandbox_ready("check-bot", &r.limits,
			       (const char *const[]){ r.dir }, 1);
	if (rc != EXIT_OK) {
		remove_scratch(r.dir);
		cJSON_Delete(r.options);
		cli_limits_free(&r.limits);
		return rc;
	}
	keys_generate(r.dir, &key, err);
	r.config.rules = r.rules;
	r.config.options = r.options;
	r.config.key = &key;
	rc = play_games(&r, argv[optind + 1]);
	for (int k = 0; k < R_KINDS; k++)
		timings_free(&r.replies[k]);
	if (rc == EXIT_OK && !r.keep)
		remove_scratch(r.dir);
	cJSON_Delete(r.options);
	cli_limits_free(&r.limits);
	sodium_memzero(&key, sizeof key);
	return rc;
}
