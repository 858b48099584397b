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
#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "cli.h"
#include "cmd_league.h"
#include "league/league_add.h"
#include "league/league_cut.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "league/league_index.h"
#include "league/league_luck.h"
#include "league/league_owners.h"
#include "league/league_pace.h"
#include "league/league_rate.h"
#include "league/league_register.h"
#include "league/league_stale.h"
#include "league/league_sync.h"
#include "web/web_users.h"
#include "ladder/grade_ladder.h"
#include "run/run_lock.h"

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
"                              [--no-compress] [--run-games N] [--accept-loss]\n"
"                              [limits...]\n"
"       referee league ladder DIR [--format table|json|csv] [--versions]\n"
"                                 [--season NAME] [--luck-adjusted]\n"
"       referee league season DIR NAME [--key FILE]\n"
"       referee league status DIR\n"
"       referee league quota DIR [--user-mb MB] [--user-files N]\n"
"                                [--versions-kept K] [--league-mb MB]\n"
"                                [--league-files N]\n"
"       referee league rebuild DIR\n"
"       referee league serve DIR [--listen ADDR:PORT] [--no-play]\n"
"                                [--max-upload MB] [--uploads-per-minute N]\n"
"                                [--what-ifs-per-minute N]\n"
"                                [--preflight-seconds N]\n"
"                                [--user NAME] [--trusted-proxy ADDR]\n"
"                                [--request-seconds S] [--rest-interval ELO]\n"
"                                [--trickle SETS]\n"
"       referee league user add [--porcelain] [--organiser] DIR NAME\n"
"       referee league user revoke DIR NAME\n"
"       referee league play-task [run's options] DIR BATCH INDEX\n"
"\n"
"A league is a folder of signed logs that keeps playing: each bot added\n"
"plays duplicate sets against bots near it in rating, and its rating comes\n"
"with its 95% interval. A bot added again with other files is a new\n"
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
"  --rest-interval ELO run, serve: rest once every active version's 95%\n"
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
"  --accept-loss       run: close a stopped run whose signed run.jsonl lacks\n"
"                      sets the index handed out, listing them dropped\n"
"  --format F          ladder: table (default), json or csv; each version's\n"
"                      rating, interval, games, wins, draws, losses, score,\n"
"                      forfeits, sets cut or refused and owner (its uploader)\n"
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
"  --user-mb MB        quota: what each user's bots' uploads may take\n"
"                      (default 200; files counted in whole 4 KiB blocks)\n"
"  --user-files N      quota: files each user's uploads may hold (20000)\n"
"  --versions-kept K   quota: each bot's newest versions whose uploaded\n"
"                      files are kept (default 5): older ones are removed\n"
"  --league-mb MB, --league-files N  quota: what all uploads may take and\n"
"                      hold (default 10240 and 1000000)\n"
"  --listen ADDR:PORT  serve: where to answer (default 127.0.0.1:8080)\n"
"  --no-play           serve: answer only; play no games\n"
"  --max-upload MB     serve: an upload's cap, sent and unpacked (default 20)\n"
"  --uploads-per-minute N  serve: a user's uploads a minute (default 10)\n"
"  --what-ifs-per-minute N  serve: a user's or client's new what-ifs played a\n"
"                      minute (default 4)\n"
"  --preflight-seconds N   serve: an upload's pre-flight's wall time (default 300)\n"
"  --user NAME         serve: as root, the user to drop to once listening\n"
"                      (needed: the server does not run as root)\n"
"  --trusted-proxy ADDR  serve: the address of a proxy in front: for its\n"
"                      connections, X-Forwarded-For's last address is the\n"
"                      client the limits count\n"
"  --request-seconds S serve: a request's time from its headers to its\n"
"                      answer, its body included (default 60)\n";

static const char usage_end[] =
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

/* The only option of retire and season, --key FILE, which cli_option()
 * takes whole: -1 once it is read. */
struct key_args {
	const char *key_file;
};

static const struct cmd_entry key_option_entry = {
	.name = "league",
	.options = (const struct cli_opt[]){
		CLI_TEXT("key", struct key_args, key_file),
		CLI_END,
	},
};

/* The options of init. */
struct init_args {
	const char *game, *key_file;
	long players;
	struct cli_pairs pairs;
};

static const struct cmd_entry league_init_entry = {
	.name = "league",
	.shortopts = "o:",
	.options = (const struct cli_opt[]){
		CLI_TEXT("game", struct init_args, game),
		CLI_LONG("players", struct init_args, players, 2, GAME_MAX_SEATS),
		CLI_TEXT("key", struct init_args, key_file),
		CLI_END,
	},
};

static int league_init(int argc, char **argv)
{
	struct init_args a = {0};
	struct referee_key key;
	int opt;
	struct league_info info = {0};
	char err[ERR_LEN];
	sqlite3 *db;

	while ((opt = cli_option(&league_init_entry, argc, argv, NULL, &a)) != -1)
		if (opt == '?' || (opt == 'o' && cli_pair("league", &a.pairs, optarg)))
			return EXIT_USAGE;
	if (argc - optind != 1 || !a.game)
		return fail("init takes a folder and --game GAME");
	/* The game: its rules, players and options, into `info`. */
	if (!(info.rules = cli_game_find("league", a.game)))
		return EXIT_USAGE;
	/* Its players' range checked with the options, as for play. */
	info.players = a.players ? (int)a.players : info.rules->min_players;
	if (!(info.options = cli_game_options("league", info.rules, &a.pairs, NULL,
					      info.players)))
		return EXIT_USAGE;
	/* The key first: a league is not left without its register's first
	 * line, which names it, signed. */
	if (!cli_signing_key("league", a.key_file, NULL, &key)) {
		league_info_free(&info);
		return EXIT_USAGE;
	}
	db = league_folder_init(argv[optind], &info, err) ||
	     keys_write_public(argv[optind], key.public_key, err) ||
	     league_register_start(argv[optind], &info, &key, err) ? NULL
	     : league_db_open(argv[optind], true, a.game, info.players, err);
	sodium_memzero(&key, sizeof key);
	if (!db) {
		league_info_free(&info);
		return fail("%s", err);
	}
	league_db_close(db);
	printf("league of %s for %d players made in %s\n", a.game, info.players, argv[optind]);
	league_info_free(&info);
	return EXIT_OK;
}

/* Opens a league's folder, its league.json and index, for a verb that
 * shows a ladder: with an index that is its signed records', made again
 * from them when it was not (league_index.h), which it says.  false
 * after a message. */
static bool open_checked(const char *dir, struct league_info *info, sqlite3 **db)
{
	char err[ERR_LEN], note[ERR_LEN];

	if (league_open_cached(dir, info, db, note, sizeof note, err)) {
		/* Not the usage's hint: the folder is wrong, not the command. */
		fprintf(stderr, "referee league: %s\n", err);
		return false;
	}
	if (note[0])
		fprintf(stderr, "referee league: %s\n", note);
	return true;
}

/* A league opened for a verb that signs lines of its register
 * (league_register.h): add, retire and season. */
struct signed_league {
	struct league_info info;
	sqlite3 *db;
	struct referee_key key;
};

/* Opens the league in `dir`, its league.json and index (as
 * open_checked() does when `checked`), and loads the key that signs its
 * register's lines: --key FILE, else the user's default pair, made when
 * missing, as `league run` signs its logs with; a league made before
 * revision 6 (no id) signs nothing.  false after a message, nothing left
 * open. */
static bool open_signed(const char *dir, const char *key_file, bool checked,
			struct signed_league *l)
{
	char err[ERR_LEN];

	if (checked ? !open_checked(dir, &l->info, &l->db)
	    : league_open(dir, &l->info, &l->db, err) && fail("%s", err))
		return false;
	if (!l->info.id[0] || cli_signing_key("league", key_file, dir, &l->key))
		return true;
	league_db_close(l->db);
	league_info_free(&l->info);
	return false;
}

/* Closes what open_signed() opened, the key wiped. */
static void close_signed(struct signed_league *l)
{
	sodium_memzero(&l->key, sizeof l->key);
	league_db_close(l->db);
	league_info_free(&l->info);
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

/* The options of add. */
struct add_args {
	const char *key_file, *workdir, *owner;
	char *readable[65]; /* made absolute */
	int nreadable;
	bool porcelain, only_new;
};

static const struct cmd_entry league_add_entry = {
	.name = "league",
	.options = (const struct cli_opt[]){
		CLI_TEXT("workdir", struct add_args, workdir),
		CLI_OPT("readable", required_argument, 'r'),
		CLI_FLAG("porcelain", struct add_args, porcelain),
		CLI_FLAG("new", struct add_args, only_new),
		CLI_OPT("owner", required_argument, 'O'),
		CLI_TEXT("key", struct add_args, key_file),
		CLI_END,
	},
};

/* Reads add's options, the relative paths from `cwd`: EXIT_OK, or
 * EXIT_USAGE after a message. */
static int add_options(struct add_args *a, const char *cwd, int argc, char **argv)
{
	int opt;

	while ((opt = cli_option(&league_add_entry, argc, argv, NULL, a)) != -1) {
		if (opt == 'r' && a->nreadable == 64)
			return fail("too many --readable paths");
		else if (opt == 'r')
			a->readable[a->nreadable++] = path_resolve(cwd, optarg);
		else if (opt == 'O' && !league_name_ok(optarg))
			return fail("'%s' is not a user's name", optarg);
		else if (opt == 'O')
			a->owner = optarg;
		else
			return EXIT_USAGE;
	}
	return EXIT_OK;
}

static int league_add(int argc, char **argv)
{
	struct add_args a = {0};
	struct signed_league l;
	char hash[65], cwd[PATH_MAX], *command = NULL;
	char err[ERR_LEN];
	struct league_version v = {.hash = hash, .readable = a.readable};
	enum league_add_result result;
	struct league_add out = {0};
	int rc;

	if (!getcwd(cwd, sizeof cwd))
		return fail("cannot read the current folder");
	if (add_options(&a, cwd, argc, argv))
		return EXIT_USAGE;
	out.owner = a.owner;
	if (argc - optind < 3)
		return fail("add takes a folder, a name and the bot's command");
	if (!league_name_ok(argv[optind + 1]))
		return fail("'%s' is not a bot's name: letters, digits, '-', '_' and "
			    "'.', up to 40, not starting with '.' or '-'", argv[optind + 1]);
	if (!open_signed(argv[optind], a.key_file, false, &l))
		return EXIT_USAGE;
	out.key = &l.key;
	for (int i = optind + 2; i < argc; i++) {
		char *joined = command ? xasprintf("%s %s", command, argv[i]) : xstrdup(argv[i]);

		free(command);
		command = joined;
	}
	v.name = argv[optind + 1];
	v.command = command;
	v.workdir = a.workdir ? path_resolve(cwd, a.workdir) : NULL;
	v.dir = v.workdir ? v.workdir : cwd;
	result = league_add_version(argv[optind], &l.info, l.db, &v, a.only_new, &out, err);
	if (result != LEAGUE_ADD_ERROR)
		add_report(argv[optind], &v, &out, a.porcelain);
	rc = result == LEAGUE_ADD_DONE ? EXIT_OK
	     : result == LEAGUE_ADD_REFUSED ? EXIT_CHECK_FAILED : fail("%s", err);
	free(out.checklist);
	close_signed(&l);
	free(command);
	free(v.workdir);
	for (int i = 0; i < a.nreadable; i++)
		free(a.readable[i]);
	return rc;
}

static int league_retire(int argc, char **argv)
{
	struct signed_league l;
	struct league_version *all;
	struct key_args k = {0};
	char err[ERR_LEN];
	int count, rc = EXIT_OK;
	bool known = false, retired = false;
	cJSON *line;

	if (cli_option(&key_option_entry, argc, argv, NULL, &k) != -1)
		return EXIT_USAGE;
	if (argc - optind != 2)
		return fail("retire takes a folder and a bot's name");
	if (!open_signed(argv[optind], k.key_file, false, &l))
		return EXIT_USAGE;
	if ((count = league_db_versions(l.db, &all, err)) < 0)
		rc = fail("%s", err);
	for (int i = 0; i < count; i++)
		if (!strcmp(all[i].name, argv[optind + 1])) {
			known = true;
			retired = all[i].retired;
		}
	if (count >= 0)
		league_versions_free(all, count);
	line = json_typed("retire");
	cJSON_AddStringToObject(line, "name", argv[optind + 1]);
	if (rc == EXIT_OK && !known)
		rc = fail("the league has no bot '%s' (see 'referee league ladder "
			  "--versions')", argv[optind + 1]);
	else if (rc == EXIT_OK && retired)
		printf("%s is retired already\n", argv[optind + 1]);
	else if (rc == EXIT_OK && (league_register_append(argv[optind], &l.info, line, &l.key, err) ||
				   league_db_retire(l.db, argv[optind + 1], err)))
		rc = fail("%s", err);
	else if (rc == EXIT_OK)
		printf("%s retired: its versions keep their record, apart\n", argv[optind + 1]);
	cJSON_Delete(line);
	close_signed(&l);
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
	size_t len;
	char *ladder = league_name_ok(name) ? files_read_all(path, &len) : NULL;

	free(path);
	if (!ladder)
		return fail("the league has no season '%s' (see DIR/seasons/, or "
			    "'referee league status' for the current one)", name);
	fwrite(ladder, 1, len, stdout);
	free(ladder);
	return EXIT_OK;
}

/* Freezes the current season's ladder into DIR/seasons/NAME/, every
 * version, in each format: 0, or -1 with err. */
static int freeze(const char *dir, sqlite3 *db, const char *name, char *err)
{
	char *folder = path_joinf(dir, "seasons/%s", name);
	struct league_rating lr = {0};
	int rc = files_mkdirs(folder, err) || league_rating_load(db, &lr, err) ? -1 : 0;
	cJSON *owners = league_owners(dir);

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
	struct signed_league l;
	char err[ERR_LEN], *current = NULL;
	struct key_args k = {0};
	long first;
	int lock = -1, rc = EXIT_OK;
	cJSON *line;

	if (cli_option(&key_option_entry, argc, argv, NULL, &k) != -1)
		return EXIT_USAGE;
	if (argc - optind != 2)
		return fail("season takes a league's folder and the new season's name");
	if (!league_name_ok(argv[optind + 1]))
		return fail("'%s' is not a season's name: letters, digits, '-', '_' and "
			    "'.', up to 40, not starting with '.' or '-'", argv[optind + 1]);
	/* The ladder it freezes is the records'. */
	if (!open_signed(argv[optind], k.key_file, true, &l))
		return EXIT_USAGE;
	if ((lock = run_lock(argv[optind], err)) < 0)
		rc = fail("one run at a time on a league: %s", err);
	else if (is_current(l.db, argv[optind + 1]) ||
		 !strcmp(argv[optind + 1], LEAGUE_FIRST_SEASON))
		rc = fail("the league has had a season '%s' already", argv[optind + 1]);
	else {
		char *seen = path_joinf(argv[optind], "seasons/%s", argv[optind + 1]);

		if (access(seen, F_OK) == 0)
			rc = fail("the league has had a season '%s' already", argv[optind + 1]);
		free(seen);
	}
	current = rc ? NULL : league_db_current_season(l.db, &first);
	line = json_typed("season");
	cJSON_AddStringToObject(line, "name", argv[optind + 1]);
	cJSON_AddNumberToObject(line, "first_run", (double)league_next_run(argv[optind]));
	if (rc == EXIT_OK && (freeze(argv[optind], l.db, current, err) ||
			      league_register_append(argv[optind], &l.info, line, &l.key, err) ||
			      league_db_season(l.db, argv[optind + 1],
					       league_next_run(argv[optind]), err)))
		rc = fail("%s", err);
	else if (rc == EXIT_OK)
		printf("season %s ended, its ladder kept in %s/seasons/%s; season %s "
		       "begins, every version rated afresh\n", current, argv[optind],
		       current, argv[optind + 1]);
	if (lock >= 0)
		close(lock);
	cJSON_Delete(line);
	free(current);
	close_signed(&l);
	return rc;
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
	int rc = league_rating_load(db, &lr, err) ? fail("%s", err) : EXIT_OK;

	/* GRADE_OK, else the grading's status (3: no exact values). */
	if (rc == EXIT_OK && luck &&
	    (rc = (int)league_luck_ladder(dir, info, &lr, &luck_doc, err)) != EXIT_OK)
		visible_line(stderr, "referee league: --luck-adjusted: %s", err);
	if (rc == EXIT_OK) {
		cJSON *owners = league_owners(dir);

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

/* The options of ladder. */
struct ladder_args {
	enum league_format format;
	const char *season;
	bool all, luck;
};

static const struct cmd_entry league_ladder_entry = {
	.name = "league",
	.options = (const struct cli_opt[]){
		CLI_OPT("format", required_argument, 'f'),
		CLI_FLAG("versions", struct ladder_args, all),
		CLI_TEXT("season", struct ladder_args, season),
		CLI_FLAG("luck-adjusted", struct ladder_args, luck),
		CLI_END,
	},
};

static int league_ladder(int argc, char **argv)
{
	struct ladder_args a = {.format = LEAGUE_TABLE};
	struct league_info info;
	sqlite3 *db;
	int opt, rc = EXIT_OK;

	while ((opt = cli_option(&league_ladder_entry, argc, argv, NULL, &a)) != -1) {
		if (opt == 'f' && !strcmp(optarg, "table"))
			a.format = LEAGUE_TABLE;
		else if (opt == 'f' && !strcmp(optarg, "json"))
			a.format = LEAGUE_JSON;
		else if (opt == 'f' && !strcmp(optarg, "csv"))
			a.format = LEAGUE_CSV;
		else if (opt == 'f')
			return fail("unknown format '%s': table, json or csv", optarg);
		else
			return EXIT_USAGE;
	}
	if (argc - optind != 1)
		return fail("ladder takes a league's folder");
	if (!open_checked(argv[optind], &info, &db))
		return EXIT_USAGE;
	/* A season's ladder was frozen without the grades, which its logs
	 * would give only as they are graded now. */
	if (a.season && !is_current(db, a.season) && a.luck)
		rc = fail("--luck-adjusted grades the current season's games only, "
			  "not season %s's", a.season);
	else if (a.season && !is_current(db, a.season))
		rc = print_frozen(argv[optind], a.season, a.format);
	else
		rc = print_current(argv[optind], &info, db, a.format, a.all, a.luck);
	league_db_close(db);
	league_info_free(&info);
	return rc;
}

/* The versions the last run found changed and that the league still
 * plays, a line each (league_stale.h). */
static void print_changed(const char *dir, sqlite3 *db)
{
	cJSON *list = league_stale_list(dir, db), *e;

	cJSON_ArrayForEach(e, list)
		printf("not played: %s\n", cJSON_GetStringValue(json_member(e, "words")));
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
	if (!open_checked(argv[optind], &info, &db))
		return EXIT_USAGE;
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
	league_quota_status(argv[optind], db);
	league_db_close(db);
	league_info_free(&info);
	return EXIT_OK;
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

static int cmd_league(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} verbs[] = {
		{"init", league_init}, {"add", league_add}, {"retire", league_retire},
		{"run", league_run}, {"ladder", league_ladder}, {"status", league_status},
		{"rebuild", league_rebuild_verb}, {"season", league_season},
		{"serve", league_serve}, {"user", league_user},
		{"play-task", league_play_task}, {"quota", league_quota},
	};

	if (argc < 2)
		return fail("give a verb: init, add, retire, run, ladder, status, "
			    "quota, rebuild, season, serve or user");
	/* All the league writes is its user's alone (folders 0700, files
	 * 0600): the bots' stderr, their uploads, the index, the keys.  The
	 * bots' own files are not the league's: they stay as they are. */
	umask(077);
	for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
		if (!strcmp(argv[1], verbs[i].name))
			return verbs[i].run(argc - 1, argv + 1);
	return fail("unknown verb '%s': init, add, retire, run, ladder, status, "
		    "quota, rebuild, season, serve or user", argv[1]);
}

const struct cmd_entry cmd_league_entry = {
	.name = "league",
	.summary = "a ladder that keeps playing: bots, versions, ratings",
	.usage = usage,
	.usage_end = usage_end,
	.exec = cmd_league,
};
