/*
 * `referee play`: a match of one or more games between the bots given on
 * the command line, with results on stdout and, on request, a signed log
 * per game.  The verb reads its options, names the bots, makes the
 * folders, the key and the sandbox ready, and plays the match
 * (play_match.h); with --show it tells each move as `referee replay`.
 */
#include <getopt.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "base/files.h"
#include "base/game_play.h"
#include "base/journal.h"
#include "base/openings.h"
#include "base/paths.h"
#include "base/pool.h"
#include "base/seed.h"
#include "base/util.h"
#include "bot/contain.h"
#include "cli.h"
#include "match/human.h"
#include "plan/book.h"
#include "report/replay.h"
#include "report/replay_text.h"
#include "run/play_match.h"

static const char usage[] =
"usage: referee play GAME [options] BOT...\n"
"\n"
"Plays GAME between the bots and prints each game's ranking. A BOT is one\n"
"command line (\"python3 mybot.py --depth 3\") or NAME=COMMAND (without\n"
"NAME, a bot is called by the name it gives in hello, else after its script\n"
"or program: mybot here, java for \"java -cp . MyBot\"); the word\n"
"human (or NAME=human) seats you, at this terminal: every move is told as\n"
"with --show, your turns name your colour and list the legal actions to\n"
"choose from (a keep with its points; type its dice in any order: keep 5 1),\n"
"with no time limit, and Ctrl-D resigns.\n"
"\n"
"  --human NAME      seat you first, as NAME (the same as a first BOT NAME=human)\n"
"  -o KEY=VALUE      a game option (see 'referee games GAME'); repeatable\n"
"  --games N         play N games, seats rotating each game (default 1)\n"
"  --duplicate       play duplicate sets: each run of as many games as there\n"
"                    are bots, one per rotation of the seats, deals every\n"
"                    seat the same dice (N a multiple of the number of bots)\n"
"  --trusted-bots    allow --duplicate with --no-sandbox: you trust the bots\n"
"                    not to read the logs of a set's other games\n"
"  --seed HEX        derive the referee's secrets from HEX (reproducible runs)\n"
"  --openings N      start each game from N moves drawn at random (rolit;\n"
"                    0 to 32, default 0)\n"
"  --openings-book FILE  start each rotation of the seats from the next line\n"
"                    of the opening book FILE, in its order (-o first=seat0)\n"
"  --log FILE        write the signed log of the (single) game to FILE\n"
"                    (and each bot's stderr to FILE.NAME.stderr)\n"
"  --out DIR         write game-000001.jsonl... and each bot's stderr to DIR\n"
"                    (made with its parents when missing)\n"
"  --compress        write the logs gzip-compressed (every verb reads both)\n"
"  --key FILE        sign logs with this secret key (default:\n"
"                    ~/.local/share/arena/referee.key, created when missing;\n"
"                    the public key is copied to DIR)\n"
"  --show            tell every move as 'referee replay' does: the action in\n"
"                    words, the draws and events, then the board\n";

static const char usage_end[] =
"\n"
"Exit status: 0 when the games were played, 2 on bad usage or when a bot\n"
"cannot be started or a log cannot be written.\n";

struct play {
	struct play_match m;  /* the match as the verb sets it (play_match.h) */
	const struct game_rules *rules;
	cJSON *options;
	const char *key_file;
	bool show;
	bool trusted_bots;
	unsigned char seed[32];
	bool seeded;
	struct book book;     /* --openings-book; count 0: none */
	struct referee_key key;
	struct bot_limits limits;
	struct replay_options watch_options; /* --show: the game as replay tells it */
	struct replay_builder *watch;
	struct replay watched;
	char *scratch;        /* their folder without --out or --log */
	struct human *humans; /* per entrant: its person, if it is one */
	const char *human_name; /* --human NAME */
	struct cli_pairs pairs; /* the -o KEY=VALUE given */
	const char *book_file;  /* --openings-book FILE */
};

static void show_end(struct play *p)
{
	if (!p->watch)
		return;
	replay_builder_free(p->watch);
	replay_free(&p->watched);
	p->watch = NULL;
}

/* Ctrl-C or a kill ends the referee as usual (the house's handler,
 * base/pool.h, is reset and the signal raised again), but first takes the
 * whole process group of every bot with it: the parent-death signal
 * reaches the bots only, not what they started. */
static void leave(int sig)
{
	bot_kill_all();
	raise(sig);
}

/* --show: the game told step by step as `referee replay` tells it, from
 * the records of its log as they are played (a new game starts with its
 * header). */
static void show_record(void *ctx, const cJSON *record, const struct game_play *game)
{
	struct play *p = ctx;
	const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "type"));
	const cJSON *step;

	if (type && !strcmp(type, "header")) {
		show_end(p);
		p->watch = replay_builder_new(&p->watch_options, &p->watched);
	}
	if (p->watch && (step = replay_builder_add(p->watch, record, game))) {
		replay_print_step(stdout, p->watched.doc, step);
		fflush(stdout);
	}
}

/* A duplicate set is one game for each rotation of the seats, and it is
 * fair only where cli_duplicate_allowed says so. */
static int check_duplicate(const struct play *p)
{
	if (!p->m.duplicate)
		return EXIT_OK;
	if (p->m.games % p->m.count)
		return cli_fail("play", "--duplicate plays sets of %d games, one "
				"for each seating of the %d bots: --games %ld is "
				"not a multiple of %d", p->m.count, p->m.count, p->m.games,
				p->m.count);
	return cli_duplicate_allowed("play", "--duplicate", &p->limits, p->trusted_bots);
}

static const struct cli_opt play_options[] = {
	CLI_LONG("games", struct play, m.games, 1, 100000000),
	CLI_OPT("seed", required_argument, 's'),
	CLI_INT("openings", struct play, m.config.openings, 0, OPENINGS_MAX_PLIES),
	CLI_TEXT("log", struct play, m.log),
	CLI_TEXT("out", struct play, m.out),
	CLI_TEXT("key", struct play, key_file),
	CLI_FLAG("show", struct play, show),
	CLI_TEXT("human", struct play, human_name),
	CLI_FLAG("duplicate", struct play, m.duplicate),
	CLI_FLAG("trusted-bots", struct play, trusted_bots),
	CLI_FLAG("compress", struct play, m.config.compress),
	CLI_TEXT("openings-book", struct play, book_file),
	CLI_MATCH_LONGOPTS,
	CLI_END,
};

/* One option of play's that it does not take whole: EXIT_OK, or
 * EXIT_USAGE after a message. */
static int play_option(struct play *p, int opt)
{
	switch (opt) {
	case 'o': return cli_pair("play", &p->pairs, optarg);
	case 's':
		p->seeded = true;
		if (seed_from_hex(p->seed, optarg))
			return cli_fail("play", "--seed takes " SEED_RULE ", not '%s'", optarg);
		return EXIT_OK;
	case '?': return EXIT_USAGE;
	}
	return cli_match_option("play", opt, optarg, &p->m.config.time, &p->limits);
}

static int parse_args(struct play *p, int argc, char **argv)
{
	int opt, rc = EXIT_OK;

	/* GAME and the BOTs come after the options, wherever they were
	 * given; a BOT is one argument, spaces and all. */
	while (rc == EXIT_OK && (opt = cli_option(&cmd_play_entry, argc, argv, NULL, p)) != -1)
		rc = play_option(p, opt);
	if (rc != EXIT_OK)
		return rc;
	if (optind >= argc)
		return cli_fail("play", "which game? (see 'referee games')");
	if (!(p->rules = cli_game_find("play", argv[optind++])))
		return EXIT_USAGE;
	p->m.count = argc - optind + (p->human_name != NULL);
	if (p->m.count == 0)
		return cli_fail("play", "no bots given");
	if (!(p->options = cli_game_options("play", p->rules, &p->pairs, NULL, p->m.count)))
		return EXIT_USAGE;
	rc = cli_openings("play", p->rules, p->options, p->m.count, p->book_file,
			  &p->book, &p->m.config);
	if (rc != EXIT_OK)
		return rc;
	if (p->m.log && p->m.out)
		return cli_fail("play", "give --log FILE or --out DIR, not both");
	if (p->m.log && p->m.games > 1)
		return cli_fail("play", "--log FILE holds one game; use --out DIR "
				"for %ld games", p->m.games);
	return check_duplicate(p);
}

/* The output folder (made with its parents), the signing key, and each
 * bot's stderr file: in DIR, beside the log, else in a scratch folder of
 * this run, so that a bot that fails can be quoted.  With --log, the log
 * stderr files are made now, empty, and the log by make_log(), so that
 * the sandbox masks them (not their folder, which may be a bot's own, or
 * /). */
static int prepare(struct play *p)
{
	/* Where logs go: --out DIR, or the folder of --log FILE; NULL: none. */
	char *folder = p->m.out ? xstrdup(p->m.out) : p->m.log ? path_parent(p->m.log) : NULL;
	char err[ERR_LEN];
	int rc = EXIT_OK;

	if (p->m.out && files_mkdirs(p->m.out, err))
		rc = cli_fail("play", "%s", err);
	else if (!p->m.out && !p->m.log && !(p->scratch = cli_scratch("play")))
		rc = EXIT_USAGE;
	else if ((p->key_file || folder) &&
		 !cli_signing_key("play", p->key_file, folder, &p->key))
		rc = EXIT_USAGE;
	free(folder);
	for (int i = 0; rc == EXIT_OK && i < p->m.count; i++) {
		int fd;

		p->m.stderr_paths[i] = p->m.log ? xasprintf("%s.%s.stderr", p->m.log, p->m.names[i])
				    : path_joinf(p->m.out ? p->m.out : p->scratch, "%s.stderr",
						 p->m.names[i]);
		p->m.entrants[i].spec.stderr_path = p->m.stderr_paths[i];
		if (p->m.log && (fd = open(p->m.stderr_paths[i], O_WRONLY | O_CREAT |
					 O_APPEND | O_CLOEXEC, 0644)) >= 0)
			close(fd);
	}
	return rc;
}

/* Makes the --log FILE, empty, for the sandbox to mask as the bots start
 * (match.h's log_made). */
static int make_log(struct play *p)
{
	char err[ERR_LEN];
	struct journal *made;

	if (!p->m.log)
		return EXIT_OK;
	if (!(made = journal_create(p->m.log, err)))
		return cli_fail("play", "%s", err);
	journal_free(made);
	p->m.config.log_made = true;
	return EXIT_OK;
}

/* Makes the bots' sandbox ready: what they must not see is the output
 * folder (--out, the scratch one) or the log and stderr files, and the
 * key. */
static int sandbox_ready(struct play *p)
{
	const char **hidden = xcalloc((size_t)p->m.count + 3, sizeof *hidden);
	int n = 0, rc;

	hidden[n++] = p->key_file;
	hidden[n++] = p->m.out ? p->m.out : p->scratch;
	if (p->m.log) {
		hidden[n++] = p->m.log;
		for (int i = 0; i < p->m.count; i++)
			hidden[n++] = p->m.stderr_paths[i];
	}
	rc = cli_sandbox_ready("play", &p->limits, hidden, n);
	free(hidden);
	return rc;
}

/* The match as read and prepared: its bots' limits, the game, the key,
 * the seed, and with a board shown its records. */
static void configure(struct play *p)
{
	for (int i = 0; i < p->m.count; i++)
		p->m.entrants[i].spec.limits = p->limits;
	p->m.config.rules = p->rules;
	p->m.config.options = p->options;
	p->m.config.key = &p->key;
	p->m.config.seed = p->seeded ? p->seed : NULL;
	p->m.sandboxed = p->limits.sandbox;
	if (p->show) {
		p->watch_options.boards = true;
		p->m.on_record = show_record;
		p->m.record_ctx = p;
	}
}

/* The entrants of the match, from the BOT arguments argv[optind]
 * onwards and --human: the people among them answer at this terminal.
 * EXIT_OK, or EXIT_USAGE after a message. */
static int seat(struct play *p, int argc, char **argv)
{
	char **bots = p->m.bots;

	if (p->human_name)
		bots[0] = xasprintf("%s=%s", p->human_name, HUMAN_COMMAND);
	memcpy(bots + (p->human_name != NULL), argv + optind,
	       (size_t)(argc - optind) * sizeof *bots);
	if (!cli_entrants("play", bots, p->m.count, p->m.entrants, p->m.names))
		return EXIT_USAGE;
	for (int i = 0; i < p->m.count; i++)
		p->m.shown[i] = xstrdup(p->m.names[i]);
	for (int i = 0; i < p->m.count; i++)
		if (!strcmp(p->m.entrants[i].spec.command, HUMAN_COMMAND)) {
			human_init(&p->humans[i], p->m.names[i], stdin, stdout);
			p->m.entrants[i].spec.responder = &p->humans[i].responder;
			p->show = true;
		}
	if (p->show && p->m.duplicate)
		return cli_fail("play", "--duplicate with a person at the terminal: "
				"the games of a set are played at the same time, and "
				"the person would play in every one of them, knowing "
				"each one's dice in the others; play without "
				"--duplicate");
	return EXIT_OK;
}

/* Everything the match held (the last game's --show too), its key wiped. */
static void play_free(struct play *p)
{
	show_end(p);
	for (int i = 0; p->m.names && i < p->m.count; i++) {
		free(p->m.names[i]);
		free(p->m.shown[i]);
		free(p->m.stderr_paths[i]);
	}
	cli_scratch_free("play", p->scratch);
	free(p->m.entrants);
	free(p->m.names);
	free(p->m.shown);
	free(p->m.stderr_paths);
	free(p->humans);
	if (p->human_name && p->m.bots)
		free(p->m.bots[0]);
	free(p->m.bots);
	cJSON_Delete(p->options);
	book_free(&p->book);
	cli_limits_free(&p->limits);
	sodium_memzero(&p->key, sizeof p->key);
}

static int cmd_play(int argc, char **argv)
{
	struct play p = {
		.m.games = 1,
		.m.config.time = cli_default_time,
		.m.config.grace_ms = 200,
		.limits = cli_default_limits,
	};
	char err[ERR_LEN];
	int rc = parse_args(&p, argc, argv);

	if (rc == EXIT_OK)
		rc = cli_containment_ready("play", &p.m.config.time, &p.limits);
	if (rc == EXIT_OK) {
		p.m.entrants = xcalloc((size_t)p.m.count, sizeof *p.m.entrants);
		p.m.names = xcalloc((size_t)p.m.count, sizeof *p.m.names);
		p.m.shown = xcalloc((size_t)p.m.count, sizeof *p.m.shown);
		p.m.stderr_paths = xcalloc((size_t)p.m.count, sizeof *p.m.stderr_paths);
		p.humans = xcalloc((size_t)p.m.count, sizeof *p.humans);
		p.m.bots = xcalloc((size_t)p.m.count, sizeof *p.m.bots);
		rc = seat(&p, argc, argv);
	}
	if (rc == EXIT_OK)
		rc = prepare(&p);
	if (rc == EXIT_OK)
		rc = sandbox_ready(&p);
	if (rc == EXIT_OK) {
		configure(&p);
		pool_stops_begin(NULL, leave, false);
		rc = make_log(&p);
	}
	/* Said once nothing can refuse the run any more: its first line. */
	if (rc == EXIT_OK && contain_fallback_line(p.limits.contain))
		fprintf(stderr, "referee play: %s\n", contain_fallback_line(p.limits.contain));
	/* The games (play_match.h); play_free() ends the last one's --show. */
	if (rc == EXIT_OK && play_match_run(&p.m, err))
		rc = cli_fail("play", "%s", err);
	play_free(&p);
	return rc;
}

const struct cmd_entry cmd_play_entry = {
	.name = "play",
	.summary = "play games between bots given on the command line",
	.shortopts = "o:",
	.options = play_options,
	.usage = usage,
	.usage_end = usage_end,
	.exec = cmd_play,
};
