/*
 * `referee play`: a match of one or more games between the bots given on
 * the command line, with results on stdout and, on request, a signed log
 * per game.  With --duplicate the games are played in duplicate sets
 * (match_set.h).
 */
#include <getopt.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "bot/excerpt.h"
#include "games/fair.h"
#include "files.h"
#include "journal.h"
#include "json.h"
#include "games/registry.h"
#include "human.h"
#include "match_set.h"
#include "openings.h"
#include "options.h"
#include "outdir.h"
#include "paths.h"
#include "report/replay.h"
#include "report/replay_text.h"
#include "game_play.h"
#include "util.h"
#include "visible.h"

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
"                    not to keep what they saw for the next game of a set\n"
"  --seed HEX        derive the referee's secrets from HEX (reproducible runs)\n"
"  --openings N      start each game from N moves drawn at random (rolit;\n"
"                    0 to 32, default 0)\n"
"  --log FILE        write the signed log of the (single) game to FILE\n"
"                    (and each bot's stderr to FILE.NAME.stderr)\n"
"  --out DIR         write game-000001.jsonl... and each bot's stderr to DIR\n"
"                    (made with its parents when missing)\n"
"  --key FILE        sign logs with this secret key (default:\n"
"                    ~/.local/share/arena/referee.key, created when missing;\n"
"                    the public key is copied to DIR)\n"
"  --show            tell every move as 'referee replay' does: the action in\n"
"                    words, the draws and events, then the board\n"
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
	bool duplicate, trusted_bots;
	unsigned char seed[32];
	bool seeded;
	struct match_config config;
	struct referee_key key;
	struct bot_limits limits;
	int count;
	struct match_entrant *entrants;
	char **names;         /* from the command line: the stderr files' */
	char **shown;         /* as printed and logged (cli_hello_names()) */
	char **stderr_paths;
	struct replay_options watch_options; /* --show: the game as replay tells it */
	struct replay_builder *watch;
	struct replay watched;
	char *scratch;        /* their folder without --out or --log */
	char **bots;          /* the BOT arguments */
	bool named;           /* shown is set */
	bool *stderr_shown;   /* per entrant: after its first forfeit */
	struct human *humans; /* per entrant: its person, if it is one */
	const char *human_name; /* --human NAME */
	long *firsts;         /* per entrant: games won (rank 1) */
	double *places;       /* per entrant: sum of places */
	long *forfeits;       /* per entrant */
};

static void show_end(struct play *p)
{
	if (!p->watch)
		return;
	replay_builder_free(p->watch);
	replay_free(&p->watched);
	p->watch = NULL;
}

/* Ctrl-C or a kill ends the referee as usual (the handler is reset and
 * the signal raised again), but first takes the whole process group of
 * every bot with it: the parent-death signal reaches the bots only, not
 * what they started. */
static void on_stop(int sig)
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
	if (!p->duplicate)
		return EXIT_OK;
	if (p->games % p->count)
		return cli_fail("play", "--duplicate plays sets of %d games, one "
				"for each seating of the %d bots: --games %ld is "
				"not a multiple of %d", p->count, p->count, p->games,
				p->count);
	return cli_duplicate_allowed("play", &p->limits, p->trusted_bots);
}

static int parse_args(struct play *p, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"games", required_argument, NULL, 'g'},
		{"seed", required_argument, NULL, 's'},
		{"openings", required_argument, NULL, 'P'},
		{"log", required_argument, NULL, 'l'},
		{"out", required_argument, NULL, 'O'},
		{"key", required_argument, NULL, 'k'},
		{"show", no_argument, NULL, 'S'},
		{"human", required_argument, NULL, 'H'},
		{"duplicate", no_argument, NULL, 'D'},
		{"trusted-bots", no_argument, NULL, 'T'},
		CLI_MATCH_LONGOPTS,
		{NULL, 0, NULL, 0},
	};
	const char *pairs[64];
	long openings = 0;
	int npairs = 0, opt, rc;
	char err[ERR_LEN];
	cJSON *given;

	/* GAME and the BOTs come after the options, wherever they were
	 * given; a BOT is one argument, spaces and all. */
	while ((opt = cli_option("play", argc, argv, "o:", longopts, NULL)) != -1) {
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
			if (!cli_seed("play", optarg, p->seed))
				return EXIT_USAGE;
			p->seeded = true;
			break;
		case 'P':
			if (!cli_number("play", "--openings", optarg, 0,
					OPENINGS_MAX_PLIES, &openings))
				return EXIT_USAGE;
			break;
		case 'l': p->log = optarg; break;
		case 'O': p->out = optarg; break;
		case 'k': p->key_file = optarg; break;
		case 'S': p->show = true; break;
		case 'H': p->human_name = optarg; break;
		case 'D': p->duplicate = true; break;
		case 'T': p->trusted_bots = true; break;
		case '?': return EXIT_USAGE;
		default:
			rc = cli_match_option("play", opt, optarg, &p->config.time,
					      &p->limits);
			if (rc != EXIT_OK)
				return rc;
		}
	}
	if (optind >= argc)
		return cli_fail("play", "which game? (see 'referee games')");
	p->rules = arena_game_find(argv[optind]);
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
	if (game_play_check_setup(p->rules, p->options, p->count, err) ||
	    openings_check(p->rules, p->options, p->count, (int)openings, err))
		return cli_fail("play", "%s", err);
	p->config.openings = (int)openings;
	if (p->log && p->out)
		return cli_fail("play", "give --log FILE or --out DIR, not both");
	if (p->log && p->games > 1)
		return cli_fail("play", "--log FILE holds one game; use --out DIR "
				"for %ld games", p->games);
	return check_duplicate(p);
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

/* The output folder (made with its parents), the signing key, and each
 * bot's stderr file: in DIR, beside the log, else in a scratch folder of
 * this run, so that a bot that fails can be quoted.  With --log, the log
 * stderr files are made now, empty, and the log by make_log(), so that
 * the sandbox masks them (not their folder, which may be a bot's own, or
 * /). */
static int prepare(struct play *p)
{
	char *folder = log_folder(p), err[ERR_LEN];
	int rc = EXIT_OK;

	if (p->out && files_mkdirs(p->out, err))
		rc = cli_fail("play", "%s", err);
	else if (!p->out && !p->log && !(p->scratch = cli_scratch("play")))
		rc = EXIT_USAGE;
	else if ((p->key_file || folder) &&
		 !cli_signing_key("play", p->key_file, folder, &p->key))
		rc = EXIT_USAGE;
	free(folder);
	for (int i = 0; rc == EXIT_OK && i < p->count; i++) {
		int fd;

		p->stderr_paths[i] = p->log ? xasprintf("%s.%s.stderr", p->log, p->names[i])
				    : path_joinf(p->out ? p->out : p->scratch, "%s.stderr",
						 p->names[i]);
		p->entrants[i].spec.stderr_path = p->stderr_paths[i];
		if (p->log && (fd = open(p->stderr_paths[i], O_WRONLY | O_CREAT |
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

	if (!p->log)
		return EXIT_OK;
	if (!(made = journal_create(p->log, err)))
		return cli_fail("play", "%s", err);
	journal_free(made);
	p->config.log_made = true;
	return EXIT_OK;
}

/* Makes the bots' sandbox ready: what they must not see is the output
 * folder (--out, the scratch one) or the log and stderr files, and the
 * key. */
static int sandbox_ready(struct play *p)
{
	const char **hidden = xcalloc((size_t)p->count + 3, sizeof *hidden);
	int n = 0, rc;

	hidden[n++] = p->key_file;
	hidden[n++] = p->out ? p->out : p->scratch;
	if (p->log) {
		hidden[n++] = p->log;
		for (int i = 0; i < p->count; i++)
			hidden[n++] = p->stderr_paths[i];
	}
	rc = cli_sandbox_ready("play", &p->limits, hidden, n);
	free(hidden);
	return rc;
}

/* A person at this terminal answers through a responder, not a process. */
static bool is_human(const struct play *p, int entrant)
{
	return p->entrants[entrant].spec.responder != NULL;
}

/* A bot's first forfeit shows what it wrote to stderr in that game. */
static void print_stderr(struct play *p, int entrant)
{
	struct excerpt x;

	if (p->stderr_shown[entrant] || is_human(p, entrant))
		return;
	p->stderr_shown[entrant] = true;
	excerpt_read(p->stderr_paths[entrant], p->limits.sandbox, &x);
	printf("     its stderr:\n");
	excerpt_print(stdout, &x, "     ");
	excerpt_free(&x);
}

static void print_outcome(struct play *p, long game,
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

static void print_summary(const struct play *p)
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
	struct play *p = ctx;
	const char *name;

	for (int i = 0; i < p->count; i++) {
		struct excerpt x;
		bool failed;

		if (is_human(p, i) || match_hello_name(match, i, &name))
			continue;
		excerpt_read(p->stderr_paths[i], p->limits.sandbox, &x);
		failed = p->limits.sandbox && excerpt_sandbox_failed(&x);
		if (failed)
			snprintf(err, ERR_LEN, "the sandbox of bot '%s' could not be set "
				 "up, so it never ran: %s", p->names[i], excerpt_first(&x));
		excerpt_free(&x);
		if (failed)
			return false;
	}
	if (p->named)
		return true;
	for (int i = 0; i < p->count; i++)
		free(p->shown[i]);
	cli_hello_names(match, p->bots, p->count, p->names, p->shown);
	for (int i = 0; i < p->count; i++)
		p->entrants[i].name = p->shown[i];
	p->named = true;
	return true;
}

/* With --duplicate, the set game `game` belongs to, made when it is the
 * set's first (and the set said on stdout); otherwise NULL. */
static struct match_set *set_for(const struct play *p, long game,
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

static int play_games(struct play *p)
{
	int seating[GAME_MAX_SEATS];
	struct game_outcome outcome;
	char err[ERR_LEN];
	struct match *match;
	struct match_set *set = NULL;
	int rc = EXIT_OK;

	match = match_start(&p->config, p->entrants, p->count, err);
	if (!match) {
		/* The empty log made for the sandbox holds no game. */
		if (p->log)
			unlink(p->log);
		return cli_fail("play", "%s", err);
	}
	for (long game = 1; rc == EXIT_OK && game <= p->games; game++) {
		char *log_path = NULL;

		for (int s = 0; s < p->count; s++)
			seating[s] = (int)((s + game - 1) % p->count);
		if (p->out)
			log_path = outdir_play_log(p->out, game);
		else if (p->log)
			log_path = xstrdup(p->log);
		set = set_for(p, game, set);
		if (match_play_in_set(match, set, (unsigned long)game, seating,
				      p->count, log_path, &outcome, err)) {
			struct stat st;

			/* A game stopped in its opening left its log empty. */
			if (p->log && !stat(p->log, &st) && !st.st_size)
				unlink(p->log);
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
	match_set_free(set);
	match_finish(match, NULL);
	show_end(p);
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
		rc = cli_containment_ready("play", &p.config.time, &p.limits);
	if (rc != EXIT_OK) {
		cJSON_Delete(p.options);
		cli_limits_free(&p.limits);
		return rc;
	}
	p.entrants = xcalloc((size_t)p.count, sizeof *p.entrants);
	p.names = xcalloc((size_t)p.count, sizeof *p.names);
	p.shown = xcalloc((size_t)p.count, sizeof *p.shown);
	p.stderr_paths = xcalloc((size_t)p.count, sizeof *p.stderr_paths);
	p.stderr_shown = xcalloc((size_t)p.count, sizeof *p.stderr_shown);
	p.firsts = xcalloc((size_t)p.count, sizeof *p.firsts);
	p.places = xcalloc((size_t)p.count, sizeof *p.places);
	p.forfeits = xcalloc((size_t)p.count, sizeof *p.forfeits);
	p.humans = xcalloc((size_t)p.count, sizeof *p.humans);
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
		p.shown[i] = xstrdup(p.names[i]);
	for (int i = 0; i < p.count; i++)
		if (!strcmp(p.entrants[i].spec.command, HUMAN_COMMAND)) {
			human_init(&p.humans[i], p.names[i], stdin, stdout);
			p.entrants[i].spec.responder = &p.humans[i].responder;
			p.show = true;
		}
	rc = prepare(&p);
	if (rc == EXIT_OK)
		rc = sandbox_ready(&p);
	if (rc != EXIT_OK)
		goto out;
	for (int i = 0; i < p.count; i++)
		p.entrants[i].spec.limits = p.limits;
	p.config.rules = p.rules;
	p.config.options = p.options;
	p.config.key = &p.key;
	p.config.seed = p.seeded ? p.seed : NULL;
	p.config.hook_ctx = &p;
	p.config.on_greeted = on_greeted;
	p.bots = bots;
	if (p.show) {
		p.watch_options.boards = true;
		p.config.on_record = show_record;
	}
	sigaction(SIGINT, &stop, NULL);
	sigaction(SIGTERM, &stop, NULL);
	rc = make_log(&p);
	if (rc == EXIT_OK)
		rc = play_games(&p);
out:
	for (int i = 0; i < p.count; i++) {
		free(p.names[i]);
		free(p.shown[i]);
		free(p.stderr_paths[i]);
	}
	cli_scratch_free("play", p.scratch);
	free(p.entrants);
	free(p.names);
	free(p.shown);
	free(p.stderr_paths);
	free(p.stderr_shown);
	free(p.firsts);
	free(p.places);
	free(p.forfeits);
	free(p.humans);
	if (p.human_name && bots)
		free(bots[0]);
	free(bots);
	cJSON_Delete(p.options);
	cli_limits_free(&p.limits);
	sodium_memzero(&p.key, sizeof p.key);
	return rc;
}
