/*
 * `referee check-bot GAME BOT`: the first thing a bot author runs.  It
 * takes the bot through every message of the protocol (docs/PROTOCOL.md):
 * hello, start, the fairness exchange, turns, the end of a game, a new
 * game in the same process, and goodbye, over a few full games against
 * random opponents in every seat, and prints a checklist; each failure
 * says why, with the offending line where there is one.
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
#include "util.h"
#include "verify.h"

static const char usage[] =
"usage: referee check-bot GAME BOT [options]\n"
"\n"
"Checks that BOT (a command line) follows the protocol for GAME: it plays\n"
"a few full games against random opponents, in every seat, and prints a\n"
"checklist. Exit status 0 when every check passes, 1 when one fails.\n"
"\n"
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

struct run {
	const struct game_rules *rules;
	cJSON *options;
	long games;
	const char *keep;
	char dir[64];
	struct match_config config;
	struct bot_limits limits;
};

static int play_games(struct run *r, char *bot)
{
	int players = r->rules->min_players;
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
	printf("checking %s on %s, %ld games against random opponents\n",
	       names[0], r->rules->name, r->games);
	match = match_start(&r->config, entrants, players, err);
	check(&c, match, "starts: %s", match ? "the program runs" : err);
	if (!match)
		goto out;
	for (long g = 1; g <= r->games; g++) {
		int seating[GAME_MAX_SEATS], seat = (int)((g - 1) % players);
		struct game_outcome o;
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
		last_forfeit = o.forfeited[seat];
		if (o.forfeited[seat]) {
			check(&c, false, "game %ld, seat %d: %s: %s", g, seat,
			      o.reason[seat], o.detail[seat]);
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
		{"keep", required_argument, NULL, 'k'},
		CLI_MATCH_LONGOPTS,
		{NULL, 0, NULL, 0},
	};
	struct run r = {.config.time = cli_default_time, .config.grace_ms = 200,
			.limits = cli_default_limits};
	const char *pairs[64];
	int npairs = 0, opt, rc;
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
		else if (opt == 'k')
			r.keep = optarg;
		else if (opt == 'o' && npairs < 64)
			pairs[npairs++] = optarg;
		else if (opt != 'g' && (rc = cli_match_option("check-bot", opt, optarg,
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
	if (!r.games)
		r.games = 2 * r.rules->min_players;
	given = options_from_pairs(pairs, npairs, err);
	r.options = given ? options_resolve(r.rules, given, err) : NULL;
	cJSON_Delete(given);
	if (!r.options || table_check_setup(r.rules, r.options, r.rules->min_players, err)) {
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
	if (rc == EXIT_OK && !r.keep)
		remove_scratch(r.dir);
	cJSON_Delete(r.options);
	cli_limits_free(&r.limits);
	sodium_memzero(&key, sizeof key);
	return rc;
}
