/*
 * `referee league VERB DIR ...`: a league that keeps playing
 * (docs/LEAGUE.md): init makes its folder, add and retire change its
 * bots, run plays duplicate sets until stopped, ladder and status read
 * its index, rebuild makes the index again from the logs.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/json.h"
#include "base/options.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "cli.h"
#include "cmd_league.h"
#include "games/registry.h"
#include "league/league_add.h"
#include "league/league_cut.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "league/league_index.h"
#include "league/league_luck_ladder.h"
#include "league/league_pace.h"
#include "league/league_rate.h"
#include "league/league_register.h"
#include "league/league_run.h"
#include "league/league_slurm.h"
#include "league/league_stale.h"
#include "league/league_sync.h"
#include "web/web_users.h"
#include "report/grade_ladder.h"
#include "run/run_lock.h"
#include "run/run_loop.h"

static const char usage[] =
"usage: referee league init DIR --game GAME [-o KEY=VALUE]... [--players N]\n"
"                               [--key FILE]\n"
"       referee league add DIR NAME [--workdir DIR] [--readable PATH]...\n"
"                              [--porcelain] [--new] [--owner USER]\n"
"                              [--key FILE] [--] COMMAND...\n"
"       referee league retire DIR NAME [--key FILE]\n"
"       referee league run DIR [--games N | --for DURATION] [--concurrency N]\n"
"                              [--batch N] [--key FILE] [--trusted-bots]\n"
"                              [--rest-interval ELO] [--trickle SETS]\n"
"                              [--engine local|slurm] [--slurm-args ARGS]\n"
"                              [--no-compress] [--run-games N] [limits...]\n"
"       referee league ladder DIR [--format table|json|csv] [--versions]\n"
"                                 [--season NAME] [--luck-adjusted]\n"
"       referee league season DIR NAME [--key FILE]\n"
"       referee league status DIR\n"
"       referee league rebuild DIR\n"
"       referee league serve DIR [--listen ADDR:PORT] [--no-play]\n"
"                                [--max-upload MB] [--uploads-per-minute N]\n"
"                                [--user NAME] [--trusted-proxy ADDR]\n"
"                                [--request-seconds S] [--rest-interval ELO]\n"
"                                [--trickle SETS]\n"
"       referee league user add [--porcelain] [--organiser] DIR NAME\n"
"       referee league user revoke DIR NAME\n"
"       referee league play-task [run's options] DIR BATCH INDEX\n"
"\n"
"A league is a folder of signed logs that keeps playing: each bot added\n"
"plays duplicate sets against bots near it in rating, and its rating comes\n"
"with its 95%% interval. A bot added again with other files is a new\n"
"version, rated afresh; the old one keeps its record. A new season (season)\n"
"freezes the ladder and rates every version afresh from then on.\n"
"\n"
"  --game GAME         init: the game (see 'referee games')\n"
"  -o KEY=VALUE        init: a game option; repeatable\n"
"  --players N         init: players a game (default: the game's least)\n"
"  --workdir DIR       add: the bot's folder (the sandbox shows it as its own)\n"
"  --readable PATH     add: a path the bot may read; repeatable\n"
"  --porcelain         add: what it did as one JSON line (name, version,\n"
"                      added, and the checklist when the pre-flight refused);\n"
"                      user add: the token alone\n"
"  --organiser         user add: an organiser, who sees every bot's stderr\n"
"  --new               add: only a bot the league has not (no version of\n"
"                      that name yet), else refused\n"
"  --owner USER        add: the user whose upload it is, named in the\n"
"                      register's signed line (the server gives it)\n"
"  --games N           run: stop once N games (whole sets) were handed out\n"
"  --for DURATION      run: stop after DURATION (30s, 10m, 2h); on a\n"
"                      terminal a run says how far it is every 5 s\n"
"  --concurrency N     run: tasks at once (default: the cores)\n"
"  --batch N           run: sets a task at most, of the same bots on the\n"
"                      same processes (default: 24)\n"
"  --rest-interval ELO run, serve: rest once every active version's 95%%\n"
"                      interval is within +/- ELO (default 50; 0: never);\n"
"                      a run with --games does not rest\n"
"  --trickle SETS      run, serve: sets a minute while resting (default 1;\n"
"                      0: none); full speed again when a version arrives\n"
"                      or an interval widens ('league status' says which)\n"
"  --key FILE          run: sign logs with this key; init, add, retire,\n"
"                      season: sign the register's lines with it (default:\n"
"                      ~/.local/share/arena/referee.key, created when missing)\n"
"  --trusted-bots      run: allow --no-sandbox: you trust the bots not to\n"
"                      read the logs of a set's other games\n"
"  --engine E          run: local (default: this machine's cores) or slurm\n"
"                      (batches of --concurrency tasks as Slurm job arrays,\n"
"                      the folder on storage the nodes share)\n"
"  --slurm-args ARGS   run: words for sbatch, split at spaces\n"
"                      ('--partition=p --cpus-per-task=2')\n"
"  --no-compress       run: write the logs plain (default: gzip-compressed,\n"
"                      which every verb reads, as a tournament's --compress)\n"
"  --run-games N       run: games a run's folder holds at most, then the next\n"
"                      run goes on in a new one (default: 5000)\n"
"  --format F          ladder: table (default), json or csv; each version's\n"
"                      rating, interval, games, wins, draws, losses, score,\n"
"                      forfeits, sets cut by a stop and owner (its uploader)\n"
"  --versions          ladder: the old and retired versions too, apart\n"
"  --season NAME       ladder: season NAME's, as frozen when it ended\n"
"  --luck-adjusted     ladder: also the versions rated from their luck-\n"
"                      adjusted scores, the season's games graded against\n"
"                      the exact values as 'referee ladder --luck-adjusted'\n"
"                      grades them: after the table, after the csv and a\n"
"                      blank line, or json's \"luck_adjusted\"; every version\n"
"                      with a game this season, whatever --versions; the\n"
"                      current season only (2 with a frozen --season); exit\n"
"                      status 3 and no ladder for a game without exact\n"
"                      values (only two-player bolo and bolo5 have them), 1\n"
"                      before the season's first game\n"
"  --listen ADDR:PORT  serve: where to answer (default 127.0.0.1:8080)\n"
"  --no-play           serve: answer only; play no games\n"
"  --max-upload MB     serve: an upload's cap, sent and unpacked (default 20)\n"
"  --uploads-per-minute N  serve: a user's uploads a minute (default 10)\n"
"  --user NAME         serve: as root, the user to drop to once listening\n"
"                      (needed: the server does not run as root)\n"
"  --trusted-proxy ADDR  serve: the address of a proxy in front: for its\n"
"                      connections, X-Forwarded-For's last address is the\n"
"                      client the limits count\n"
"  --request-seconds S serve: a request's time from its headers to its\n"
"                      answer, its body included (default 60)\n"
"%s"
"\n"
"A run stops at its count, its time, Ctrl-C or SIGTERM, keeping every\n"
"game finished; after kill -9 the next run closes what was cut.  A set a\n"
"stop cuts keeps its logs in the run's aborted/, listed in its run.jsonl,\n"
"and is counted by verify, status and the ladder.  With\n"
"--engine slurm, each element of an array runs play-task (not for use by\n"
"hand), and every log it writes is checked before it counts. Exit\n"
"status: 0, 1 when stopped by a signal, 2 on bad usage, 3 when ladder\n"
"--luck-adjusted finds no exact values for the game.\n";

#define fail(...) cli_fail("league", __VA_ARGS__)

/* The key that signs the register's lines of `info`'s league in `dir`
 * (league_register.h): --key FILE, else the user's default pair, made
 * when missing, as `league run` signs its logs with; a league made
 * before revision 6 (no id) signs nothing.  false after a message. */
static bool register_key(const char *key_file, const char *dir,
			 const struct league_info *info, struct referee_key *key)
{
	return !info->id[0] || cli_signing_key("league", key_file, dir, key);
}

/* Reads the only option of retire and season, --key FILE: EXIT_OK, or
 * EXIT_USAGE after a message. */
static int key_option(int argc, char **argv, const char **key_file)
{
	static const struct option longopts[] = {
		{"key", required_argument, NULL, 'k'},
		{NULL, 0, NULL, 0},
	};
	int opt;

	while ((opt = cli_option("league", argc, argv, "", longopts, NULL)) != -1)
		if (opt == 'k')
			*key_file = optarg;
		else
			return EXIT_USAGE;
	return EXIT_OK;
}

static int league_init(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"game", required_argument, NULL, 'g'},
		{"players", required_argument, NULL, 'p'},
		{"key", required_argument, NULL, 'k'},
		{NULL, 0, NULL, 0},
	};
	const char *pairs[64], *game = NULL, *key_file = NULL;
	struct referee_key key;
	int npairs = 0, opt;
	long players = 0;
	struct league_info info = {0};
	char err[ERR_LEN];
	cJSON *given;
	sqlite3 *db;

	while ((opt = cli_option("league", argc, argv, "o:", longopts, NULL)) != -1) {
		if (opt == 'g')
			game = optarg;
		else if (opt == 'p' && !cli_number("league", "--players", optarg, 2,
						   GAME_MAX_SEATS, &players))
			return EXIT_USAGE;
		else if (opt == 'o' && npairs == 64)
			return fail("too many -o options");
		else if (opt == 'o')
			pairs[npairs++] = optarg;
		else if (opt == 'k')
			key_file = optarg;
		else if (opt == '?')
			return EXIT_USAGE;
	}
	if (argc - optind != 1 || !game)
		return fail("init takes a folder and --game GAME");
	if (!(info.rules = arena_game_find(game)))
		return fail("unknown game '%s' (see 'referee games')", game);
	info.players = players ? (int)players : info.rules->min_players;
	if (info.players < info.rules->min_players || info.players > info.rules->max_players) {
		cli_fail("league", "%s is played by %d to %d players, not %d", game,
			 info.rules->min_players, info.rules->max_players, info.players);
		return EXIT_USAGE;
	}
	given = options_from_pairs(pairs, npairs, err);
	info.options = given ? options_resolve(info.rules, given, err) : NULL;
	cJSON_Delete(given);
	if (!info.options || game_play_check_setup(info.rules, info.options, info.players, err)) {
		league_info_free(&info);
		return fail("%s", err);
	}
	/* The key first: a league is not left without its register's first
	 * line, which names it, signed. */
	if (!cli_signing_key("league", key_file, NULL, &key)) {
		league_info_free(&info);
		return EXIT_USAGE;
	}
	db = league_folder_init(argv[optind], &info, err) ||
	     keys_write_public(argv[optind], key.public_key, err) ||
	     league_register_start(argv[optind], &info, &key, err) ? NULL
	     : league_db_open(argv[optind], true, game, info.players, err);
	sodium_memzero(&key, sizeof key);
	if (!db) {
		league_info_free(&info);
		return fail("%s", err);
	}
	league_db_close(db);
	printf("league of %s for %d players made in %s\n", game, info.players, argv[optind]);
	league_info_free(&info);
	return EXIT_OK;
}

/* Opens a league's folder: its league.json and index.  false after a
 * message. */
static bool open_league(const char *dir, struct league_info *info, sqlite3 **db)
{
	char err[ERR_LEN];

	if (league_folder_read(dir, info, err) ||
	    !(*db = league_db_open(dir, false, info->rules->name, info->players, err))) {
		league_info_free(info);
		fail("%s", err);
		return false;
	}
	return true;
}

/* Whether the index agrees with the league's signed records, which a
 * verb checks before it shows a ladder (league_index.h); false after a
 * message saying to rebuild it. */
static bool index_agrees(const char *dir, const struct league_info *info, sqlite3 *db)
{
	char err[ERR_LEN];

	if (!league_index_check(dir, info, db, err))
		return true;
	/* Not the usage's hint: the folder is wrong, not the command. */
	fprintf(stderr, "referee league: %s\n", err);
	return false;
}

/* Says what `league add` did: in sentences, or with --porcelain one JSON
 * line on stdout, {"name", "version", "added"} and "checklist" when the
 * pre-flight refused the version (docs/LEAGUE.md). */
static void add_report(const char *dir, const struct league_version *v,
		       const struct league_add *out, bool porcelain)
{
	cJSON *j;
	char *text;

	if (!porcelain && out->checklist) {
		fprintf(stderr, "referee league: %s v%d failed its pre-flight (referee "
			"check-bot), so it is not added; its checklist, kept in "
			"%s/stderr/preflight-%s-v%d.txt:\n", v->name, v->number, dir, v->name,
			v->number);
		for (const char *p = out->checklist; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
			fprintf(stderr, "  %.*s\n", (int)strcspn(p, "\n"), p);
	} else if (!porcelain) {
		printf(out->added ? "%s v%d added (files %.12s)\n"
		       : "%s v%d has these files already: nothing added\n", v->name,
		       out->version, v->hash);
	} else {
		j = cJSON_CreateObject();
		cJSON_AddStringToObject(j, "name", v->name);
		cJSON_AddNumberToObject(j, "version", out->version);
		cJSON_AddBoolToObject(j, "added", out->added);
		if (out->checklist)
			cJSON_AddStringToObject(j, "checklist", out->checklist);
		text = json_print_line(j);
		puts(text);
		free(text);
		cJSON_Delete(j);
	}
}

static int league_add(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"workdir", required_argument, NULL, 'w'},
		{"readable", required_argument, NULL, 'r'},
		{"porcelain", no_argument, NULL, 'P'},
		{"new", no_argument, NULL, 'N'},
		{"owner", required_argument, NULL, 'O'},
		{"key", required_argument, NULL, 'k'},
		{NULL, 0, NULL, 0},
	};
	const char *key_file = NULL;
	struct referee_key key;
	char hash[65], cwd[PATH_MAX], *readable[65] = {0}, *workdir = NULL, *command = NULL;
	char err[ERR_LEN];
	struct league_version v = {.hash = hash, .readable = readable};
	enum league_add_result result;
	struct league_add out = {0};
	int nreadable = 0, opt, rc;
	bool porcelain = false, only_new = false;
	struct league_info info;
	sqlite3 *db;

	if (!getcwd(cwd, sizeof cwd))
		return fail("cannot read the current folder");
	while ((opt = cli_option("league", argc, argv, "", longopts, NULL)) != -1) {
		if (opt == 'w')
			workdir = optarg;
		else if (opt == 'r' && nreadable == 64)
			return fail("too many --readable paths");
		else if (opt == 'r')
			readable[nreadable++] = path_resolve(cwd, optarg);
		else if (opt == 'P')
			porcelain = true;
		else if (opt == 'N')
			only_new = true;
		else if (opt == 'O' && !league_name_ok(optarg))
			return fail("'%s' is not a user's name", optarg);
		else if (opt == 'O')
			out.owner = optarg;
		else if (opt == 'k')
			key_file = optarg;
		else
			return EXIT_USAGE;
	}
	if (argc - optind < 3)
		return fail("add takes a folder, a name and the bot's command");
	if (!league_name_ok(argv[optind + 1]))
		return fail("'%s' is not a bot's name: letters, digits, '-', '_' and "
			    "'.', up to 40, not starting with '.' or '-'", argv[optind + 1]);
	if (!open_league(argv[optind], &info, &db))
		return EXIT_USAGE;
	if (!register_key(key_file, argv[optind], &info, &key)) {
		league_db_close(db);
		league_info_free(&info);
		return EXIT_USAGE;
	}
	out.key = &key;
	for (int i = optind + 2; i < argc; i++) {
		char *joined = command ? xasprintf("%s %s", command, argv[i]) : xstrdup(argv[i]);

		free(command);
		command = joined;
	}
	v.name = argv[optind + 1];
	v.command = command;
	v.workdir = workdir ? path_resolve(cwd, workdir) : NULL;
	v.dir = v.workdir ? v.workdir : cwd;
	result = league_add_version(argv[optind], &info, db, &v, only_new, &out, err);
	if (result != LEAGUE_ADD_ERROR)
		add_report(argv[optind], &v, &out, porcelain);
	rc = result == LEAGUE_ADD_DONE ? EXIT_OK
	     : result == LEAGUE_ADD_REFUSED ? EXIT_CHECK_FAILED : fail("%s", err);
	free(out.checklist);
	sodium_memzero(&key, sizeof key);
	league_db_close(db);
	league_info_free(&info);
	free(command);
	free(v.workdir);
	for (int i = 0; i < nreadable; i++)
		free(readable[i]);
	return rc;
}

static int league_retire(int argc, char **argv)
{
	struct league_info info;
	struct league_version *all;
	struct referee_key key;
	const char *key_file = NULL;
	char err[ERR_LEN];
	sqlite3 *db;
	int count = 0, rc = key_option(argc, argv, &key_file);
	bool known = false, retired = false;
	cJSON *line;

	if (rc == EXIT_OK && argc - optind != 2)
		return fail("retire takes a folder and a bot's name");
	if (rc != EXIT_OK || !open_league(argv[optind], &info, &db))
		return EXIT_USAGE;
	if (!register_key(key_file, argv[optind], &info, &key))
		rc = EXIT_USAGE;
	if (rc == EXIT_OK && (count = league_db_versions(db, &all, err)) < 0)
		rc = fail("%s", err);
	for (int i = 0; i < count; i++)
		if (!strcmp(all[i].name, argv[optind + 1])) {
			known = true;
			retired = all[i].retired;
		}
	if (rc == EXIT_OK && count >= 0)
		league_versions_free(all, count);
	line = cJSON_CreateObject();
	cJSON_AddStringToObject(line, "type", "retire");
	cJSON_AddStringToObject(line, "name", argv[optind + 1]);
	if (rc == EXIT_OK && !known)
		rc = fail("the league has no bot '%s' (see 'referee league ladder "
			  "--versions')", argv[optind + 1]);
	else if (rc == EXIT_OK && retired)
		printf("%s is retired already\n", argv[optind + 1]);
	else if (rc == EXIT_OK && (league_register_append(argv[optind], &info, line, &key, err) ||
				   league_db_retire(db, argv[optind + 1], err)))
		rc = fail("%s", err);
	else if (rc == EXIT_OK)
		printf("%s retired: its versions keep their record, apart\n", argv[optind + 1]);
	sodium_memzero(&key, sizeof key);
	cJSON_Delete(line);
	league_db_close(db);
	league_info_free(&info);
	return rc;
}

static const char *const format_ext[] = {"txt", "json", "csv"};

/* Whether `name` is the current season. */
static bool is_current(sqlite3 *db, const char *name)
{
	long first;
	char *current = league_db_current_season(db, &first);
	bool is = !strcmp(current, name);

	free(current);
	return is;
}

/* Prints season `name`'s frozen ladder in `format`. */
static int print_frozen(const char *dir, const char *name, enum league_format format)
{
	char *path = path_joinf(dir, "seasons/%s/ladder.%s", name, format_ext[format]);
	FILE *f = league_name_ok(name) ? fopen(path, "re") : NULL;
	char buf[8192];
	size_t n;

	free(path);
	if (!f)
		return fail("the league has no season '%s' (see DIR/seasons/, or "
			    "'referee league status' for the current one)", name);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, n, stdout);
	fclose(f);
	return EXIT_OK;
}

/* Freezes the current season's ladder into DIR/seasons/NAME/, every
 * version, in each format: 0, or -1 with err. */
static int freeze(const char *dir, sqlite3 *db, const char *name, char *err)
{
	char *folder = path_joinf(dir, "seasons/%s", name);
	struct league_rating lr = {0};
	int rc = files_mkdirs(folder, err) || league_rating_load(db, &lr, err) ? -1 : 0;
	cJSON *owners = web_users_owners(dir);

	lr.owners = owners;
	for (int f = LEAGUE_TABLE; rc == 0 && f <= LEAGUE_CSV; f++) {
		char *path = path_joinf(folder, "ladder.%s", format_ext[f]);
		FILE *out = fopen(path, "we");

		if (!out)
			rc = errorf(err, "%s: %s", path, strerror(errno));
		else {
			league_ladder_print(out, &lr, (enum league_format)f, true);
			if (fclose(out))
				rc = errorf(err, "%s: %s", path, strerror(errno));
		}
		free(path);
	}
	league_rating_free(&lr);
	cJSON_Delete(owners);
	free(folder);
	return rc;
}

static int league_season(int argc, char **argv)
{
	struct league_info info;
	char err[ERR_LEN], *current = NULL;
	const char *key_file = NULL;
	struct referee_key key;
	sqlite3 *db;
	long first;
	int lock = -1, rc = key_option(argc, argv, &key_file);
	cJSON *line;

	if (rc != EXIT_OK)
		return rc;
	if (argc - optind != 2)
		return fail("season takes a league's folder and the new season's name");
	if (!league_name_ok(argv[optind + 1]))
		return fail("'%s' is not a season's name: letters, digits, '-', '_' and "
			    "'.', up to 40, not starting with '.' or '-'", argv[optind + 1]);
	if (!open_league(argv[optind], &info, &db))
		return EXIT_USAGE;
	if (!register_key(key_file, argv[optind], &info, &key))
		rc = EXIT_USAGE;
	else if ((lock = run_lock(argv[optind], err)) < 0)
		rc = fail("one run at a time on a league: %s", err);
	else if (!index_agrees(argv[optind], &info, db))
		rc = EXIT_USAGE;  /* the ladder it would freeze is not the records' */
	else if (is_current(db, argv[optind + 1]) ||
		 !strcmp(argv[optind + 1], LEAGUE_FIRST_SEASON))
		rc = fail("the league has had a season '%s' already", argv[optind + 1]);
	else {
		char *seen = path_joinf(argv[optind], "seasons/%s", argv[optind + 1]);

		if (access(seen, F_OK) == 0)
			rc = fail("the league has had a season '%s' already", argv[optind + 1]);
		free(seen);
	}
	current = rc ? NULL : league_db_current_season(db, &first);
	line = cJSON_CreateObject();
	cJSON_AddStringToObject(line, "type", "season");
	cJSON_AddStringToObject(line, "name", argv[optind + 1]);
	cJSON_AddNumberToObject(line, "first_run", (double)league_next_run(argv[optind]));
	if (rc == EXIT_OK && (freeze(argv[optind], db, current, err) ||
			      league_register_append(argv[optind], &info, line, &key, err) ||
			      league_db_season(db, argv[optind + 1],
					       league_next_run(argv[optind]), err)))
		rc = fail("%s", err);
	else if (rc == EXIT_OK)
		printf("season %s ended, its ladder kept in %s/seasons/%s; season %s "
		       "begins, every version rated afresh\n", current, argv[optind],
		       current, argv[optind + 1]);
	if (lock >= 0)
		close(lock);
	sodium_memzero(&key, sizeof key);
	cJSON_Delete(line);
	free(current);
	league_db_close(db);
	league_info_free(&info);
	return rc;
}

/* The league's luck-adjusted ladder into *doc (league_luck_ladder.h): EXIT_OK,
 * else the grading's status (3: no exact values) after a message. */
static int luck_ladder(const char *dir, const struct league_info *info, sqlite3 *db,
		       cJSON **doc)
{
	char err[ERR_LEN];
	enum grade_status status = league_luck_ladder(dir, info, db, doc, err);

	if (status != GRADE_OK)
		visible_line(stderr, "referee league: --luck-adjusted: %s", err);
	return (int)status;
}

/* The current season's ladder in `format` (with `all` the old and
 * retired versions too) and, with `luck`, the luck-adjusted one beside
 * it as `referee ladder --luck-adjusted` shows it: json's "luck_adjusted"
 * member, after the table, or after the csv and a blank line.  Graded
 * first: a game without exact values gives no ladder rather than half. */
static int print_current(const char *dir, const struct league_info *info, sqlite3 *db,
			 enum league_format format, bool all, bool luck)
{
	struct league_rating lr = {0};
	cJSON *luck_doc = NULL;
	char err[ERR_LEN];
	int rc = luck ? luck_ladder(dir, info, db, &luck_doc) : EXIT_OK;

	if (rc == EXIT_OK && league_rating_load(db, &lr, err))
		rc = fail("%s", err);
	if (rc == EXIT_OK) {
		cJSON *owners = web_users_owners(dir);

		lr.owners = owners;
		lr.luck_adjusted = luck_doc;
		league_ladder_print(stdout, &lr, format, all);
		if (luck_doc && format == LEAGUE_CSV)
			putchar('\n');
		if (luck_doc && format != LEAGUE_JSON)
			grade_ladder_print(stdout, luck_doc, format == LEAGUE_CSV);
		cJSON_Delete(owners);
	}
	cJSON_Delete(luck_doc);
	league_rating_free(&lr);
	return rc;
}

static int league_ladder(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"format", required_argument, NULL, 'f'},
		{"versions", no_argument, NULL, 'v'},
		{"season", required_argument, NULL, 's'},
		{"luck-adjusted", no_argument, NULL, 'L'},
		{NULL, 0, NULL, 0},
	};
	enum league_format format = LEAGUE_TABLE;
	const char *season = NULL;
	bool all = false, luck = false;
	struct league_info info;
	sqlite3 *db;
	int opt, rc = EXIT_OK;

	while ((opt = cli_option("league", argc, argv, "", longopts, NULL)) != -1) {
		if (opt == 'v')
			all = true;
		else if (opt == 'L')
			luck = true;
		else if (opt == 's')
			season = optarg;
		else if (opt == 'f' && !strcmp(optarg, "table"))
			format = LEAGUE_TABLE;
		else if (opt == 'f' && !strcmp(optarg, "json"))
			format = LEAGUE_JSON;
		else if (opt == 'f' && !strcmp(optarg, "csv"))
			format = LEAGUE_CSV;
		else if (opt == 'f')
			return fail("unknown format '%s': table, json or csv", optarg);
		else
			return EXIT_USAGE;
	}
	if (argc - optind != 1)
		return fail("ladder takes a league's folder");
	if (!open_league(argv[optind], &info, &db))
		return EXIT_USAGE;
	/* A season's ladder was frozen without the grades, which its logs
	 * would give only as they are graded now. */
	if (season && !is_current(db, season) && luck)
		rc = fail("--luck-adjusted grades the current season's games only, "
			  "not season %s's", season);
	else if (season && !is_current(db, season))
		rc = print_frozen(argv[optind], season, format);
	else if (!index_agrees(argv[optind], &info, db))
		rc = EXIT_USAGE;
	else
		rc = print_current(argv[optind], &info, db, format, all, luck);
	league_db_close(db);
	league_info_free(&info);
	return rc;
}

/* The versions the last run found changed and that the league still
 * plays, a line each (league_stale.h). */
static void print_changed(const char *dir, sqlite3 *db)
{
	cJSON *list = league_stale_list(dir, db), *e;

	cJSON_ArrayForEach(e, list) {
		char *text = league_stale_text(e);

		printf("not played: %s\n", text);
		free(text);
	}
	cJSON_Delete(list);
}

static int league_status(int argc, char **argv)
{
	struct league_info info;
	sqlite3 *db;
	struct league_counts c;
	struct league_pace pace;
	long first;
	char *season, *text;

	if (argc - optind != 1)
		return fail("status takes a league's folder");
	if (!open_league(argv[optind], &info, &db))
		return EXIT_USAGE;
	if (!index_agrees(argv[optind], &info, db)) {
		league_db_close(db);
		league_info_free(&info);
		return EXIT_USAGE;
	}
	season = league_db_current_season(db, &first);
	printf("game: %s, %d players a game; season %s, from run %ld\n", info.rules->name,
	       info.players, season, first);
	free(season);
	league_db_counts(db, &c);
	printf("bots: %ld (%ld retired); versions: %ld\n", c.bots, c.retired, c.versions);
	printf("runs: %ld; games: %ld in %ld sets\n", c.runs, c.games, c.sets);
	text = league_cut_text(db);
	printf("cut: %s\n", text);
	free(text);
	if (c.open_runs > 0)
		printf("runs stopped before their end: %ld (a run going now, or cut; the "
		       "next 'referee league run' closes them)\n", c.open_runs);
	if (c.open_runs > 0 && league_pace_read(argv[optind], &pace) == 0) {
		text = league_pace_text(&pace);
		printf("pace: %s\n", text);
		free(text);
	}
	print_changed(argv[optind], db);
	league_db_close(db);
	league_info_free(&info);
	return EXIT_OK;
}

/* "30s", "10m", "2h", "1d" or seconds, into ns; false after a message. */
static bool parse_duration(const char *text, int64_t *ns)
{
	char *end;
	double x = strtod(text, &end), unit = 1;

	if (*end == 's' || *end == 'm' || *end == 'h' || *end == 'd')
		unit = *end == 's' ? 1 : *end == 'm' ? 60 : *end == 'h' ? 3600 : 86400, end++;
	if (end == text || *end || !(x > 0) || x * unit > 1e7) {
		fail("--for takes a duration (30s, 10m, 2h, 1d), not '%s'", text);
		return false;
	}
	*ns = (int64_t)(x * unit * 1e9);
	return true;
}

struct run_args {
	struct league_run run;
	const char *key_file;
	int64_t for_ns;
	bool trusted_bots;
	bool slurm;                  /* --engine slurm */
	long run_games;              /* --run-games: a run's games at most */
	char *slurm_args[64];        /* --slurm-args, split */
	int slurm_arg_count;
	char *slurm_words;
	char **words;                /* the options as given, for play-task */
	int word_count;
	int64_t shown;               /* now_ns() of the last progress line */
};

/* How often a run on a terminal says how far it is. */
#define PROGRESS_NS (5 * (int64_t)1000000000)

/* --slurm-args: its words, split at spaces and tabs. */
static int slurm_args(struct run_args *a, const char *text)
{
	char *save = NULL;

	free(a->slurm_words);
	a->slurm_words = xstrdup(text);
	a->slurm_arg_count = 0;
	for (char *w = strtok_r(a->slurm_words, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (a->slurm_arg_count == 63)
			return fail("--slurm-args takes 63 words at most");
		a->slurm_args[a->slurm_arg_count++] = w;
	}
	return EXIT_OK;
}

/* The options of run (and of play-task, which takes the run's), then
 * `operands` operands. */
static int run_options(struct run_args *a, int argc, char **argv, int operands)
{
	static const struct option longopts[] = {
		{"games", required_argument, NULL, 'g'},
		{"for", required_argument, NULL, 'f'},
		{"concurrency", required_argument, NULL, 'c'},
		{"batch", required_argument, NULL, 'b'},
		{"key", required_argument, NULL, 'k'},
		{"trusted-bots", no_argument, NULL, 'T'},
		{"engine", required_argument, NULL, 'e'},
		{"slurm-args", required_argument, NULL, 'S'},
		{"no-compress", no_argument, NULL, 'Z'},
		{"run-games", required_argument, NULL, 'G'},
		{"rest-interval", required_argument, NULL, 'R'},
		{"trickle", required_argument, NULL, 't'},
		CLI_MATCH_LONGOPTS,
		{NULL, 0, NULL, 0},
	};
	int opt, rc;
	long n;

	while ((opt = cli_option("league", argc, argv, "", longopts, NULL)) != -1) {
		if (opt == 'g' && !cli_number("league", "--games", optarg, 1, 1000000000L,
					      &a->run.max_games))
			return EXIT_USAGE;
		if (opt == 'f' && !parse_duration(optarg, &a->for_ns))
			return EXIT_USAGE;
		if (opt == 'c' && !cli_number("league", "--concurrency", optarg, 1, 4096, &n))
			return EXIT_USAGE;
		if (opt == 'c')
			a->run.concurrency = (int)n;
		if (opt == 'b' && !cli_number("league", "--batch", optarg, 1, 10000, &n))
			return EXIT_USAGE;
		if (opt == 'b')
			a->run.batch = (int)n;
		if (opt == 'R' && !cli_number("league", "--rest-interval", optarg, 0, 100000,
					      &a->run.rest_interval))
			return EXIT_USAGE;
		if (opt == 't' && !cli_number("league", "--trickle", optarg, 0, 100000,
					      &a->run.trickle))
			return EXIT_USAGE;
		if (opt == 'k')
			a->key_file = optarg;
		if (opt == 'T')
			a->trusted_bots = true;
		if (opt == 'e' && strcmp(optarg, "local") && strcmp(optarg, "slurm"))
			return fail("--engine takes local or slurm, not '%s'", optarg);
		if (opt == 'e')
			a->slurm = !strcmp(optarg, "slurm");
		if (opt == 'S' && (rc = slurm_args(a, optarg)))
			return rc;
		if (opt == 'Z')
			a->run.config.compress = false;
		if (opt == 'G' && !cli_number("league", "--run-games", optarg, 1, 1000000,
					      &a->run_games))
			return EXIT_USAGE;
		if (opt == '?')
			return EXIT_USAGE;
		if (opt >= 1000 && (rc = cli_match_option("league", opt, optarg,
							   &a->run.config.time, &a->run.limits)))
			return rc;
	}
	if (a->run.max_games && a->for_ns)
		return fail("give --games N or --for DURATION, not both");
	if (argc - optind != operands)
		return fail(operands == 1 ? "run takes a league's folder"
			    : "play-task takes a league's folder, a batch file and a task's index");
	return EXIT_OK;
}

/* A line on the terminal at most every PROGRESS_NS of the run (a set
 * ends more often), the first PROGRESS_NS after it began: the games of
 * the run under way, whether it rests, and the time left of --for. */
static void show_progress(void *ctx, long games, long sets, int versions, bool resting)
{
	struct run_args *a = ctx;
	int64_t now = now_ns();

	if (now - a->shown < PROGRESS_NS)
		return;
	a->shown = now;
	fprintf(stderr, "referee league: this run has played %ld games in %ld sets, %d "
		"versions playing", games, sets, versions);
	if (resting) {
		char *trickle = league_pace_trickle_text(a->run.trickle);

		fprintf(stderr, ", resting (every interval under +/- %ld: %s)",
			a->run.rest_interval, trickle);
		free(trickle);
	}
	if (a->run.until_ns)
		fprintf(stderr, ", %lld s left",
			(long long)((a->run.until_ns > now ? a->run.until_ns - now : 0) / 1000000000));
	fputc('\n', stderr);
}

/* The run on Slurm: its elements run this referee's play-task with the
 * run's options and its key. */
static int run_slurm(struct run_args *a, struct league_run_end *end, char *err)
{
	char *referee = files_readlink("/proc/self/exe"), *key_dir = NULL, *key = NULL;
	char **words = xcalloc((size_t)a->word_count + 3, sizeof *words);
	struct league_slurm s = {.referee = referee, .words = words,
				 .word_count = a->word_count,
				 .sbatch_args = a->slurm_args,
				 .sbatch_arg_count = a->slurm_arg_count};
	int rc;

	memcpy(words, a->words, (size_t)a->word_count * sizeof *words);
	if (!a->key_file && (key_dir = keys_default_dir(err)))
		key = path_join(key_dir, KEYS_SECRET_FILE);
	if (key || a->key_file) {
		words[s.word_count++] = "--key";
		words[s.word_count++] = key ? key : (char *)a->key_file;
	}
	rc = !referee ? errorf(err, "cannot find the referee's own program: %s",
			       strerror(errno))
	     : !key_dir && !a->key_file ? -1 : league_slurm_play(&a->run, &s, end, err);
	free(referee);
	free(key_dir);
	free(key);
	free(words);
	return rc;
}

/* The runs cut before their end (kill -9, a crash, a full disk) closed
 * and their finished games entered, what an array of a Slurm run played
 * checked first: 0, or -1 with err. */
static int close_cut(struct run_args *a, const char *dir, const struct league_info *info,
		     const struct referee_key *key, char *err)
{
	return league_slurm_settle(dir, a->run.db, info->rules->name, info->options,
				   key->public_key, err) ||
	       league_sync(dir, a->run.db, info->rules->name, info->players, key, err) ? -1 : 0;
}

/* After a run's error (a full disk): the run closed at once as the next
 * would close it, if the folder lets it; said either way. */
static void close_after_error(struct run_args *a, const char *dir,
			      const struct league_info *info, const struct referee_key *key)
{
	char err[ERR_LEN];

	/* An error before the run began left nothing to close. */
	if (league_db_open_runs(a->run.db) <= 0)
		return;
	if (close_cut(a, dir, info, key, err))
		fprintf(stderr, "referee league: the run could not be closed after that "
			"(%s): every finished game is kept in its logs, and the next "
			"'referee league run' closes it and counts them\n", err);
	else
		fprintf(stderr, "referee league: the run was closed after that: every "
			"finished game is kept and counted, and the next run goes on\n");
}

/* Runs one after another until a stop by count, time or signal: a run
 * ended by a change of the roster (a version added, a bot retired, a
 * season begun) is followed at once by the next, which seats the league
 * as it is now, with what is left of --games, and so is a run that has
 * played --run-games, in a folder of its own.  As league_run_play()
 * returns; the games entered and the runs in *games and *runs. */
static int play_runs(struct run_args *a, long *games, int *runs, char *err)
{
	struct league_run *run = &a->run;
	long max_games = run->max_games;
	struct league_run_end end;
	int sig;

	for (*games = 0, *runs = 0;; ) {
		long left = max_games ? max_games - *games : 0;
		bool capped = !left || a->run_games < left;

		run->max_games = capped ? a->run_games : left;
		end = (struct league_run_end){0};
		sig = a->slurm ? run_slurm(a, &end, err) : league_run_play(run, &end, err);
		*games += end.games;
		*runs += sig >= 0;
		if (sig || !(end.roster_changed || (capped && end.full)))
			break;
		if (max_games && *games >= max_games)
			break;
		if (end.roster_changed)
			fprintf(stderr, "referee league: the league's bots changed: a new "
				"run seats them\n");
	}
	run->max_games = max_games;
	return sig;
}

/* The run once the league is open and locked. */
static int run_league(struct run_args *a, const char *dir, struct league_info *info)
{
	struct referee_key key;
	char err[ERR_LEN];
	int rc;

	if (!cli_signing_key("league", a->key_file, dir, &key))
		return EXIT_USAGE;
	rc = cli_sandbox_ready("league", &a->run.limits,
			       (const char *const[]){dir, a->key_file}, 2);
	if (rc == EXIT_OK)
		rc = cli_duplicate_allowed("league", "a league (its games are duplicate sets)", &a->run.limits, a->trusted_bots);
	a->run.config.key = &key;
	if (rc == EXIT_OK && close_cut(a, dir, info, &key, err))
		rc = fail("%s", err);
	if (rc == EXIT_OK) {
		a->run.until_ns = a->for_ns ? now_ns() + a->for_ns : 0;
		a->shown = now_ns();
		long games = 0;
		int runs = 0;
		int sig = play_runs(a, &games, &runs, err);

		/* What a run did, said when it ends (its progress goes to a
		 * terminal only). */
		if (sig >= 0 && !a->slurm)
			printf("%ld games in %ld sets played and rated, in %d run%s\n", games,
			       games / a->run.players, runs, runs == 1 ? "" : "s");

		if (sig < 0) {
			/* Not the usage's hint: a full disk is no mistake of usage. */
			fprintf(stderr, "referee league: %s\n", err);
			rc = EXIT_USAGE;
			close_after_error(a, dir, info, &key);
		} else if (sig > 0) {
			char name[32];

			run_loop_signal_text(sig, name, sizeof name);
			fprintf(stderr, "referee league: stopped by %s; every finished "
				"game is kept, and the next run goes on\n", name);
			rc = EXIT_CHECK_FAILED;
		}
	}
	sodium_memzero(&key, sizeof key);
	return rc;
}

static int league_run(int argc, char **argv)
{
	struct run_args a = {.run = {.batch = LEAGUE_BATCH,
				     .rest_interval = LEAGUE_REST_INTERVAL,
				     .trickle = LEAGUE_TRICKLE,
				     .config.time = cli_default_time,
				     .config.compress = true,
				     .limits = cli_default_limits},
			     .run_games = LEAGUE_RUN_GAMES};
	struct league_info info;
	char err[ERR_LEN];
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int rc = run_options(&a, argc, argv, 1);
	const char *dir = argv[optind];

	a.words = argv + 1;
	a.word_count = optind - 1;
	if (rc == EXIT_OK && a.slurm && !league_slurm_here(err))
		rc = fail("%s", err);
	if (rc != EXIT_OK) {
		free(a.slurm_words);
		return rc;
	}
	if ((rc = cli_containment_ready("league", &a.run.config.time, &a.run.limits)))
		return rc;
	if (!open_league(dir, &info, &a.run.db))
		return EXIT_USAGE;
	a.run.dir = dir;
	if (a.run.max_games)
		a.run.rest_interval = 0;  /* the count asked for, at full speed */
	if (isatty(STDERR_FILENO)) {
		a.run.progress = show_progress;
		a.run.ctx = &a;
	}
	a.run.players = info.players;
	a.run.league_id = *info.id ? info.id : NULL;
	a.run.config.rules = info.rules;
	a.run.config.options = info.options;
	if (!a.run.concurrency)
		a.run.concurrency = cores > 0 ? (int)cores : 1;
	if ((a.run.lock_fd = run_lock(dir, err)) < 0)
		rc = fail("one run at a time on a league: %s", err);
	else {
		rc = run_league(&a, dir, &info);
		close(a.run.lock_fd);
	}
	cli_limits_free(&a.run.limits);
	league_db_close(a.run.db);
	league_info_free(&info);
	free(a.slurm_words);
	return rc;
}

/* An element of a Slurm run's array: plays task INDEX of batch file
 * BATCH, with the run's options. */
static int league_play_task(int argc, char **argv)
{
	struct run_args a = {.run = {.config.time = cli_default_time,
				     .config.compress = true,
				     .limits = cli_default_limits}};
	struct league_info info = {0};
	struct referee_key key;
	char err[ERR_LEN];
	long index;
	int rc = run_options(&a, argc, argv, 3);
	const char *dir = argv[optind];

	free(a.slurm_words);
	if (rc == EXIT_OK && !cli_number("league", "INDEX", argv[optind + 2], 0, 1000000, &index))
		rc = EXIT_USAGE;
	rc = rc ? rc : cli_containment_ready("league", &a.run.config.time, &a.run.limits);
	if (rc == EXIT_OK && league_folder_read(dir, &info, err))
		rc = fail("%s", err);
	if (rc == EXIT_OK && !cli_signing_key("league", a.key_file, NULL, &key))
		rc = EXIT_USAGE;
	rc = rc ? rc : cli_sandbox_ready("league", &a.run.limits,
					 (const char *const[]){dir, a.key_file}, 2);
	rc = rc ? rc : cli_duplicate_allowed("league", "a league (its games are duplicate sets)",
					     &a.run.limits, a.trusted_bots);
	if (rc == EXIT_OK) {
		a.run.config.rules = info.rules;
		a.run.config.options = info.options;
		a.run.config.key = &key;
		if (league_slurm_task(dir, argv[optind + 1], (int)index, &a.run.config,
				      &a.run.limits, err))
			rc = fail("%s", err);
		sodium_memzero(&key, sizeof key);
	}
	cli_limits_free(&a.run.limits);
	league_info_free(&info);
	return rc;
}

static int league_rebuild_verb(int argc, char **argv)
{
	struct league_info info;
	const char *dir;
	char err[ERR_LEN];
	long games;
	int lock, rc = EXIT_OK;

	if (argc - optind != 1)
		return fail("rebuild takes a league's folder");
	dir = argv[optind];
	if (league_folder_read(dir, &info, err))
		return fail("%s", err);
	if ((lock = run_lock(dir, err)) < 0) {
		league_info_free(&info);
		return fail("one run at a time on a league: %s", err);
	}
	if ((games = league_rebuild(dir, &info, err)) < 0)
		rc = fail("%s", err);
	else
		printf("league.db made again from the logs: %ld games\n", games);
	close(lock);
	league_info_free(&info);
	return rc;
}

int cmd_league(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} verbs[] = {
		{"init", league_init}, {"add", league_add}, {"retire", league_retire},
		{"run", league_run}, {"ladder", league_ladder}, {"status", league_status},
		{"rebuild", league_rebuild_verb}, {"season", league_season},
		{"serve", league_serve}, {"user", league_user},
		{"play-task", league_play_task},
	};

	if (cli_wants_help(argc, argv)) {
		printf(usage, cli_match_usage);
		return EXIT_OK;
	}
	if (argc < 2)
		return fail("give a verb: init, add, retire, run, ladder, status, "
			    "rebuild, season, serve or user");
	/* All the league writes is its user's alone (folders 0700, files
	 * 0600): the bots' stderr, their uploads, the index, the keys.  The
	 * bots' own files are not the league's: they stay as they are. */
	umask(077);
	for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
		if (!strcmp(argv[1], verbs[i].name))
			return verbs[i].run(argc - 1, argv + 1);
	return fail("unknown verb '%s': init, add, retire, run, ladder, status, "
		    "rebuild, season, serve or user", argv[1]);
}
