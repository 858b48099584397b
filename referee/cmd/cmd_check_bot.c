/*
 * `referee check-bot GAME BOT`, or `referee check-bot --tournament FILE
 * NAME` for a bot of a tournament file run as the tournament runs it (its
 * folders, environment, readable paths, limits, sandbox, game and
 * options: tournament_entrant.h): the first thing a bot author runs.  It
 * reads its options, makes the folder of the logs and the bot's stderr,
 * names the bot and its random opponents, and plays the checklist
 * (check_bot.h).
 */
#include <errno.h>
#include <getopt.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/keys.h"
#include "base/util.h"
#include "cli.h"
#include "run/check_bot.h"
#include "run/tournament_entrant.h"

static const char usage[] =
"usage: referee check-bot GAME BOT [options]\n"
"       referee check-bot --tournament FILE NAME [--games N] [--keep DIR]\n"
"                         [--lenient]\n"
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
"  --lenient         pass a bot that plays, though it forfeits some games:\n"
"                    it must start, answer hello and make a move of its own\n"
"                    (the league's pre-flight); each forfeit is a warning\n";

/* Plays the checklist (check_bot.h) of `bot` against random opponents:
 * the referee itself as random-bot. */
static int play_games(struct check_bot *r, char *bot)
{
	struct match_entrant entrants[GAME_MAX_SEATS];
	char *names[GAME_MAX_SEATS], *bots[GAME_MAX_SEATS];
	char *self = files_readlink("/proc/self/exe"), *opponent;
	int failed;

	if (!self)
		return cli_fail("check-bot", "cannot find the referee itself: %s",
				strerror(errno));
	opponent = xasprintf("random='%s' random-bot", self);
	free(self);
	bots[0] = bot;
	for (int i = 1; i < r->players; i++)
		bots[i] = opponent;
	if (!cli_entrants("check-bot", bots, r->players, entrants, names)) {
		free(opponent);
		return EXIT_USAGE;
	}
	failed = check_bot_run(r, entrants);
	for (int i = 0; i < r->players; i++)
		free(names[i]);
	free(opponent);
	return failed ? EXIT_CHECK_FAILED : EXIT_OK;
}

/* The sandbox and limits switches given (cli_switch()): -1 when not,
 * else on or off.  With --tournament they override the file's, as for
 * `referee tournament`; every other flag of the time control and limits
 * is the file's to set. */
struct switches {
	int sandbox, contain;
};

/* With --tournament FILE NAME: the game, its options, the players, the
 * time control and the limits of the file, the bot its entry NAME, whose
 * command line, with its name, goes to *bot (a new string). */
static int from_tournament(struct check_bot *r, cJSON **options, const char *file,
			   const char *name, const struct switches *sw,
			   struct tournament_spec *spec, char **bot)
{
	char err[ERR_LEN];

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
	*options = cJSON_Duplicate(spec->options, true);
	r->players = spec->players;
	r->config.time = spec->time;
	r->limits = spec->limits;
	if (sw->sandbox >= 0)
		r->limits.sandbox = sw->sandbox;
	if (sw->contain >= 0)
		r->limits.contain = sw->contain;
	*bot = xasprintf("%s=%s", name, spec->bots[r->bot].command);
	return EXIT_OK;
}

/* GAME BOT: the game and its options (-o), the number of players. */
static int from_arguments(struct check_bot *r, cJSON **options, const char *game,
			  const struct cli_pairs *pairs, long players)
{
	if (!(r->rules = cli_game_find("check-bot", game)))
		return EXIT_USAGE;
	r->players = players ? (int)players : r->rules->min_players;
	*options = cli_game_options("check-bot", r->rules, pairs, NULL, r->players);
	return *options ? EXIT_OK : EXIT_USAGE;
}

/* Plays the checklist with `options` in the folder of its logs, --keep's
 * or a scratch one, removed after unless a failed check left something
 * in it to read, with a signing key of that folder's own. */
static int play_in_folder(struct check_bot *r, cJSON *options, char *bot)
{
	struct referee_key key;
	char err[ERR_LEN], *dir;
	int rc;

	dir = r->keep ? xstrdup(r->keep) : files_temp_dir("check-bot", err);
	if (!dir || (r->keep && files_mkdirs(dir, err))) {
		rc = cli_fail("check-bot", "cannot make a folder for the logs: %s", err);
		free(dir);
		return rc;
	}
	rc = cli_sandbox_ready("check-bot", &r->limits,
			       (const char *const[]){ dir }, 1);
	if (rc != EXIT_OK) {
		cli_scratch_free("check-bot", dir);
		return rc;
	}
	/* What the bot must not see, as the tournament's bots. */
	if (r->spec)
		r->spec->limits = r->limits;
	keys_generate(dir, &key, err);
	r->config.rules = r->rules;
	r->config.options = options;
	r->config.key = &key;
	r->dir = dir;
	rc = play_games(r, bot);
	sodium_memzero(&key, sizeof key);
	/* A passing check's folder, or a failed one's that holds nothing to
	 * read, is removed (its files are ours). */
	if (!r->keep && (rc == EXIT_OK || !check_bot_left_something(dir)))
		cli_scratch_free("check-bot", dir);
	else
		free(dir);
	return rc;
}

static const struct cli_opt check_bot_options[] = {
	CLI_LONG("games", struct check_bot, games, 1, 1000),
	CLI_OPT("players", required_argument, 'p'),
	CLI_TEXT("keep", struct check_bot, keep),
	CLI_FLAG("lenient", struct check_bot, lenient),
	CLI_OPT("tournament", required_argument, 't'),
	CLI_MATCH_LONGOPTS,
	CLI_END,
};

/* The options as given, for GAME BOT or --tournament FILE NAME. */
struct check_args {
	struct switches sw;
	struct cli_pairs pairs;
	const char *file;
	const char *fixed; /* the first that the tournament file sets */
	long players;
};

/* Reads the options and counts the operands: EXIT_OK, or EXIT_USAGE
 * after a message. */
static int read_options(struct check_bot *r, struct check_args *a, int argc,
			char **argv)
{
	int opt, rc, index;

	while ((opt = cli_option(&cmd_check_bot_entry, argc, argv, &index, r)) != -1) {
		if (opt == '?')
			return EXIT_USAGE;
		if (opt == 'p' && !cli_number("check-bot", "--players", optarg, 1,
					      GAME_MAX_SEATS, &a->players))
			return EXIT_USAGE;
		else if (opt == 't')
			a->file = optarg;
		else if (opt == 'o' && cli_pair("check-bot", &a->pairs, optarg))
			return EXIT_USAGE;
		else if (opt > OPT_MATCH_FIRST && (rc = cli_match_option("check-bot", opt,
				optarg, &r->config.time, &r->limits)) != EXIT_OK)
			return rc;
		if (!a->fixed && (opt == 'o' || opt == 'p' || (opt > OPT_MATCH_FIRST &&
				  !cli_switch(opt, &a->sw.sandbox, &a->sw.contain))))
			a->fixed = opt == 'o' ? "o" : check_bot_options[index].name;
	}
	if (a->file && a->fixed) {
		cli_limits_free(&r->limits);
		return cli_fail("check-bot", "-%s%s: with --tournament the tournament "
				"file sets the game, its options, the players, the "
				"time control and the limits", a->fixed[1] ? "-" : "", a->fixed);
	}
	if (argc - optind != (a->file ? 1 : 2))
		return cli_fail("check-bot", a->file ? "give one bot's name after "
				"--tournament FILE" : "give a game and one bot");
	return EXIT_OK;
}

static int cmd_check_bot(int argc, char **argv)
{
	struct check_bot r = {.config.time = cli_default_time, .config.grace_ms = 200,
			      .limits = cli_default_limits};
	struct tournament_spec spec;
	struct check_args a = {.sw = {-1, -1}};
	char *bot = NULL;
	cJSON *options = NULL;
	int rc = read_options(&r, &a, argc, argv);

	if (rc)
		return rc;
	rc = a.file ? from_tournament(&r, &options, a.file, argv[optind], &a.sw, &spec,
				      &bot)
		    : from_arguments(&r, &options, argv[optind], &a.pairs, a.players);
	if (rc)
		return rc;
	if (!r.games)
		r.games = 2 * r.players;
	rc = cli_containment_ready("check-bot", &r.config.time, &r.limits);
	if (rc == EXIT_OK)
		rc = play_in_folder(&r, options, bot ? bot : argv[optind + 1]);
	cJSON_Delete(options);
	cli_limits_free(&r.limits);
	if (r.spec)
		tournament_file_free(r.spec);
	free(bot);
	return rc;
}

const struct cmd_entry cmd_check_bot_entry = {
	.name = "check-bot",
	.summary = "check that a bot follows the protocol",
	.shortopts = "o:",
	.options = check_bot_options,
	.usage = usage,
	.usage_end = "",
	.exec = cmd_check_bot,
};
