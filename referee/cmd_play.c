/*
 * `referee play`: a match of one or more games between the bots given on
 * the command line, with results on stdout and, on request, a signed log
 * per game.
 */
#include <getopt.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <errno.h>

#include "cli.h"
#include "fair.h"
#include "json.h"
#include "games/registry.h"
#include "human.h"
#include "options.h"
#include "table.h"
#include "util.h"

static const char usage[] =
"usage: referee play GAME [options] BOT...\n"
"\n"
"Plays GAME between the bots and prints each game's ranking. A BOT is one\n"
"command line (\"python3 mybot.py --depth 3\") or NAME=COMMAND; the word\n"
"human (or NAME=human) seats you, at this terminal: the board is shown after\n"
"every move, your turns list the legal actions to choose from, with no time\n"
"limit, and Ctrl-D resigns.\n"
"\n"
"  --human NAME      seat you first, as NAME (the same as a first BOT NAME=human)\n"
"  -o KEY=VALUE      a game option (see 'referee games GAME'); repeatable\n"
"  --games N         play N games, seats rotating each game (default 1)\n"
"  --seed HEX        derive the referee's secrets from HEX (reproducible runs)\n"
"  --log FILE        write the signed log of the (single) game to FILE\n"
"  --out DIR         write game-0001.jsonl... and each bot's stderr to DIR\n"
"  --key FILE        sign logs with this secret key (default:\n"
"                    ~/.local/share/arena/referee.key, created when missing;\n"
"                    the public key is copied to DIR)\n"
"  --show            print the board after every move\n"
"%s"
"\n"
"Exit status: 0 when the games were played, 2 on bad usage or when a bot\n"
"cannot be started or a log cannot be written.\n";

struct play {
	const struct game_rules *rules;
	cJSON *options;
	long games;
	const char *log, *out, *key_file;
	bool show;
	unsigned char seed[32];
	bool seeded;
	struct match_config config;
	struct referee_key key;
	struct bot_limits limits;
	int count;
	struct match_entrant *entrants;
	char **names;
	char **stderr_paths;
	const int *seating;   /* of the game being played, for --show */
	struct human *humans; /* per entrant: its person, if it is one */
	bool *is_human;
	bool board_shown;     /* since the last action */
	const char *human_name; /* --human NAME */
	long *firsts;         /* per entrant: games won (rank 1) */
	double *places;       /* per entrant: sum of places */
	long *forfeits;       /* per entrant */
};

/* Ctrl-C or a kill ends the referee as usual (the handler is reset and
 * the signal raised again), but first takes the whole process group of
 * every bot with it: the parent-death signal reaches the bots only, not
 * what they started. */
static void on_stop(int sig)
{
	bot_kill_all();
	raise(sig);
}

static void show_action(void *ctx, const struct game_rules *rules,
			const void *state, int seat, const cJSON *action)
{
	struct play *p = ctx;
	char *text = json_print_line(action), *board = rules->render(state);

	printf("seat %d (%s) plays %s\n%s\n", seat,
	       p->names[p->seating[seat]], text, board);
	fflush(stdout);
	p->board_shown = true;
	free(text);
	free(board);
}

/* A person about to move sees the board first, if no move has shown it. */
static void show_turn(void *ctx, const struct game_rules *rules,
		      const void *state, int seat)
{
	struct play *p = ctx;
	char *board;

	if (!p->is_human[p->seating[seat]] || p->board_shown)
		return;
	board = rules->render(state);
	printf("%s\n", board);
	fflush(stdout);
	p->board_shown = true;
	free(board);
}

static bool parse_seed(const char *hex, unsigned char seed[32])
{
	size_t len = strlen(hex);
	unsigned char bytes[64];

	if (len == 0 || len % 2 || len > 128 || hex_decode(bytes, len / 2, hex))
		return false;
	fair_hash(seed, "arena:seed", NULL, 0, bytes, len / 2);
	return true;
}

static int parse_args(struct play *p, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"games", required_argument, NULL, 'g'},
		{"seed", required_argument, NULL, 's'},
		{"log", required_argument, NULL, 'l'},
		{"out", required_argument, NULL, 'O'},
		{"key", required_argument, NULL, 'k'},
		{"show", no_argument, NULL, 'S'},
		{"human", required_argument, NULL, 'H'},
		CLI_MATCH_LONGOPTS,
		{NULL, 0, NULL, 0},
	};
	const char *pairs[64];
	int npairs = 0, opt, rc;
	char err[ERR_LEN];
	cJSON *given;

	opterr = 0;
	/* GNU getopt moves GAME and the BOTs after the options, wherever
	 * they were given; a BOT is one argument, spaces and all. */
	while ((opt = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
		switch (opt) {
		case 'o':
			if (npairs == 64)
				return cli_fail("play", "too many -o options");
			pairs[npairs++] = optarg;
			break;
		case 'g':
			if (!cli_number("play", "--games", optarg, 1, 100000000, &p->games))
				return EXIT_USAGE;
			break;
		case 's':
			if (!parse_seed(optarg, p->seed))
				return cli_fail("play", "--seed takes 1 to 64 bytes "
						"as lowercase hex, not '%s'", optarg);
			p->seeded = true;
			break;
		case 'l': p->log = optarg; break;
		case 'O': p->out = optarg; break;
		case 'k': p->key_file = optarg; break;
		case 'S': p->show = true; break;
		case 'H': p->human_name = optarg; break;
		default:
			rc = cli_match_option("play", opt, optarg, &p->config.time,
					      &p->limits);
			if (rc == -1)
				return cli_fail("play", "unknown option '%s'",
						argv[optind - 1]);
			if (rc != EXIT_OK)
				return rc;
		}
	}
	if (optind >= argc)
		return cli_fail("play", "which game? (see 'referee games')");
	p->rules = game_find(argv[optind]);
	if (!p->rules)
		return cli_fail("play", "unknown game '%s' (see 'referee games')",
				argv[optind]);
	optind++;
	given = options_from_pairs(pairs, npairs, err);
	if (!given)
		return cli_fail("play", "%s", err);
	p->options = options_resolve(p->rules, given, err);
	cJSON_Delete(given);
	if (!p->options)
		return cli_fail("play", "%s", err);
	p->count = argc - optind + (p->human_name != NULL);
	if (p->count == 0)
		return cli_fail("play", "no bots given");
	if (table_check_setup(p->rules, p->options, p->count, err))
		return cli_fail("play", "%s", err);
	if (p->log && p->out)
		return cli_fail("play", "give --log FILE or --out DIR, not both");
	if (p->log && p->games > 1)
		return cli_fail("play", "--log FILE holds one game; use --out DIR "
				"for %ld games", p->games);
	return EXIT_OK;
}

/* A path in the output folder, or beside the log. */
static char *path_join(const char *a, const char *sep, const char *b,
		       const char *suffix)
{
	size_t len = strlen(a) + strlen(sep) + strlen(b) + strlen(suffix) + 1;
	char *path = xmalloc(len);

	snprintf(path, len, "%s%s%s%s", a, sep, b, suffix);
	return path;
}

/* Where logs go: the folder of --log FILE, or --out DIR; NULL for none. */
static char *log_folder(const struct play *p)
{
	const char *slash;

	if (p->out)
		return xstrdup(p->out);
	if (!p->log)
		return NULL;
	slash = strrchr(p->log, '/');
	return slash ? strndup(p->log, (size_t)(slash - p->log) + (slash == p->log))
		     : xstrdup(".");
}

static int prepare(struct play *p)
{
	char *folder = log_folder(p);
	int rc = EXIT_OK;

	if (p->out && mkdir(p->out, 0755) && errno != EEXIST)
		rc = cli_fail("play", "cannot create folder '%s': %s", p->out,
			      strerror(errno));
	else if ((p->key_file || folder) &&
		 !cli_signing_key("play", p->key_file, folder, &p->key))
		rc = EXIT_USAGE;
	free(folder);
	return rc;
}

static void print_outcome(const struct play *p, long game,
			  const struct game_outcome *o, const int *seating)
{
	printf("game %ld: %d actions, game_id %s\n", game, o->actions, o->game_id);
	for (int place = 1; place <= o->seats; place++)
		for (int s = 0; s < o->seats; s++) {
			if (o->result.rank[s] != place)
				continue;
			printf("  %d. %-20s seat %d  score %ld", place,
			       p->names[seating[s]], s, o->result.score[s]);
			if (o->forfeited[s])
				printf("  forfeit: %s: %s", o->reason[s], o->detail[s]);
			putchar('\n');
		}
	fflush(stdout);
}

static void print_summary(const struct play *p)
{
	printf("\n%-20s %6s %6s %8s %9s\n", "bot", "games", "firsts",
	       "avg.place", "forfeits");
	for (int i = 0; i < p->count; i++)
		printf("%-20s %6ld %6ld %8.2f %9ld\n", p->names[i], p->games,
		       p->firsts[i], p->places[i] / (double)p->games, p->forfeits[i]);
}

static int play_games(struct play *p)
{
	int seating[GAME_MAX_SEATS];
	struct game_outcome outcome;
	char err[ERR_LEN];
	struct match *match;
	int rc = EXIT_OK;

	match = match_start(&p->config, p->entrants, p->count, err);
	if (!match)
		return cli_fail("play", "%s", err);
	for (long game = 1; game <= p->games; game++) {
		char number[32], *log_path = NULL;

		for (int s = 0; s < p->count; s++)
			seating[s] = (int)((s + game - 1) % p->count);
		p->seating = seating;
		p->board_shown = false;
		snprintf(number, sizeof number, "game-%04ld", game);
		if (p->out)
			log_path = path_join(p->out, "/", number, ".jsonl");
		else if (p->log)
			log_path = xstrdup(p->log);
		if (match_play(match, (unsigned long)game, seating, p->count,
			       log_path, &outcome, err)) {
			free(log_path);
			rc = cli_fail("play", "game %ld: %s", game, err);
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
	match_finish(match, NULL);
	if (rc == EXIT_OK && p->games > 1)
		print_summary(p);
	return rc;
}

int cmd_play(int argc, char **argv)
{
	struct play p = {
		.games = 1,
		.config.time = cli_default_time,
		.config.grace_ms = 200,
		.limits = cli_default_limits,
	};
	struct sigaction stop = {.sa_handler = on_stop, .sa_flags = SA_RESETHAND};
	char **bots = NULL;
	int rc;

	if (cli_wants_help(argc, argv)) {
		printf(usage, cli_match_usage);
		return EXIT_OK;
	}
	rc = parse_args(&p, argc, argv);
	if (rc == EXIT_OK)
		rc = prepare(&p);
	if (rc == EXIT_OK) {
		char *folder = log_folder(&p);
		const char *hidden[] = { folder, p.key_file };

		rc = cli_sandbox_ready("play", &p.limits, hidden, 2);
		free(folder);
	}
	if (rc != EXIT_OK) {
		cJSON_Delete(p.options);
		cli_limits_free(&p.limits);
		return rc;
	}
	p.entrants = xcalloc((size_t)p.count, sizeof *p.entrants);
	p.names = xcalloc((size_t)p.count, sizeof *p.names);
	p.stderr_paths = xcalloc((size_t)p.count, sizeof *p.stderr_paths);
	p.firsts = xcalloc((size_t)p.count, sizeof *p.firsts);
	p.places = xcalloc((size_t)p.count, sizeof *p.places);
	p.forfeits = xcalloc((size_t)p.count, sizeof *p.forfeits);
	p.humans = xcalloc((size_t)p.count, sizeof *p.humans);
	p.is_human = xcalloc((size_t)p.count, sizeof *p.is_human);
	bots = xcalloc((size_t)p.count, sizeof *bots);
	if (p.human_name) {
		size_t len = strlen(p.human_name) + sizeof "=" HUMAN_COMMAND;

		bots[0] = xmalloc(len);
		snprintf(bots[0], len, "%s=%s", p.human_name, HUMAN_COMMAND);
	}
	memcpy(bots + (p.human_name != NULL), argv + optind,
	       (size_t)(argc - optind) * sizeof *bots);
	if (!cli_entrants("play", bots, p.count, p.entrants, p.names)) {
		rc = EXIT_USAGE;
		goto out;
	}
	for (int i = 0; i < p.count; i++)
		if (!strcmp(p.entrants[i].spec.command, HUMAN_COMMAND)) {
			human_init(&p.humans[i], p.names[i], stdin, stdout);
			p.entrants[i].spec.responder = &p.humans[i].responder;
			p.is_human[i] = p.show = true;
		}
	for (int i = 0; i < p.count; i++) {
		if (p.out)
			p.stderr_paths[i] = path_join(p.out, "/", p.names[i], ".stderr");
		else if (p.log)
			p.stderr_paths[i] = path_join(p.log, ".", p.names[i], ".stderr");
		p.entrants[i].spec.stderr_path = p.stderr_paths[i];
		p.entrants[i].spec.limits = p.limits;
	}
	p.config.rules = p.rules;
	p.config.options = p.options;
	p.config.key = &p.key;
	p.config.seed = p.seeded ? p.seed : NULL;
	if (p.show) {
		p.config.on_action = show_action;
		p.config.on_turn = show_turn;
		p.config.hook_ctx = &p;
	}
	sigaction(SIGINT, &stop, NULL);
	sigaction(SIGTERM, &stop, NULL);
	rc = play_games(&p);
out:
	for (int i = 0; i < p.count; i++) {
		free(p.names[i]);
		free(p.stderr_paths[i]);
	}
	free(p.entrants);
	free(p.names);
	free(p.stderr_paths);
	free(p.firsts);
	free(p.places);
	free(p.forfeits);
	free(p.humans);
	free(p.is_human);
	if (p.human_name && bots)
		free(bots[0]);
	free(bots);
	cJSON_Delete(p.options);
	cli_limits_free(&p.limits);
	sodium_memzero(&p.key, sizeof p.key);
	return rc;
}
