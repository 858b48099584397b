/*
 * The output folder's names; see outdir.h.
 */
#include "outdir.h"

#include <string.h>

#include "keys.h"
#include "paths.h"

#define RUN_LOCK "run.lock"
#define STDERR "stderr"
#define REPORT "report"
#define REPLAYS "replays"
/* What a set-aside log's name carries between its game and its count. */
#define ASIDE_MARK ".aborted-"
/* A game's number has at least this many digits (zeros before it). */
#define LOG_DIGITS 6
/* At most, so that the number fits a long. */
#define MAX_DIGITS 15

char *outdir_manifest(const char *dir)
{
	return path_joinf(dir, "%s", OUTDIR_MANIFEST);
}

char *outdir_run_lock(const char *dir)
{
	return path_joinf(dir, "%s", RUN_LOCK);
}

char *outdir_public_key(const char *dir)
{
	return path_joinf(dir, "%s", KEYS_PUBLIC_FILE);
}

char *outdir_games(const char *dir)
{
	return path_joinf(dir, "%s", OUTDIR_GAMES);
}

char *outdir_games_file(const char *dir, const char *name)
{
	return path_joinf(dir, "%s/%s", OUTDIR_GAMES, name);
}

char *outdir_log(const char *dir, long game)
{
	return path_joinf(dir, "%s/%0*ld%s", OUTDIR_GAMES, LOG_DIGITS, game,
			  OUTDIR_LOG_SUFFIX);
}

char *outdir_play_log(const char *dir, long game)
{
	return path_joinf(dir, "game-%0*ld%s", LOG_DIGITS, game, OUTDIR_LOG_SUFFIX);
}

long outdir_play_log_game(const char *path)
{
	const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;

	return strncmp(name, "game-", 5) ? 0 : outdir_log_game(name + 5, strlen(name + 5));
}

char *outdir_run_manifest(const char *dir)
{
	return path_joinf(dir, "%s", OUTDIR_RUN_MANIFEST);
}

char *outdir_aside(const char *dir)
{
	return path_joinf(dir, "%s/%s", OUTDIR_GAMES, OUTDIR_ASIDE);
}

char *outdir_set_aside(const char *dir, long game, int count)
{
	return path_joinf(dir, "%s/%s/%0*ld%s%d%s", OUTDIR_GAMES, OUTDIR_ASIDE,
			  LOG_DIGITS, game, ASIDE_MARK, count, OUTDIR_LOG_SUFFIX);
}

char *outdir_stderr(const char *dir)
{
	return path_joinf(dir, "%s", STDERR);
}

char *outdir_table_stderr(const char *dir, int table, const char *bot)
{
	return path_joinf(dir, "%s/table%04d-%s.stderr", STDERR, table, bot);
}

char *outdir_preflight_stderr(const char *dir, const char *bot)
{
	return path_joinf(dir, "%s/preflight-%s.stderr", STDERR, bot);
}

char *outdir_report(const char *dir)
{
	return path_joinf(dir, "%s", REPORT);
}

char *outdir_report_index(const char *report)
{
	return path_joinf(report, "index.html");
}

char *outdir_replays(const char *report)
{
	return path_joinf(report, "%s", REPLAYS);
}

char *outdir_replay_page(const char *report, const char *name)
{
	return path_joinf(report, "%s/%s.html", REPLAYS, name);
}

char *outdir_replays_cache(const char *report)
{
	return path_joinf(report, "%s/games.jsonl", REPLAYS);
}

/* The decimal number that `name` (of `len` bytes) starts with, of at most
 * MAX_DIGITS digits, into *value: how many digits it has. */
static size_t leading_number(const char *name, size_t len, long *value)
{
	size_t digits = 0;

	*value = 0;
	while (digits < len && digits < MAX_DIGITS && name[digits] >= '0' &&
	       name[digits] <= '9')
		*value = 10 * *value + (name[digits++] - '0');
	return digits;
}

/* Whether the `digits` digits at `name`, worth `game`, are a game's
 * number as outdir_log() writes it. */
static bool is_game_number(const char *name, size_t digits, long game)
{
	return digits >= LOG_DIGITS && (digits == LOG_DIGITS || name[0] != '0') &&
	       game > 0;
}

long outdir_log_game(const char *name, size_t len)
{
	long game;
	size_t digits = leading_number(name, len, &game);

	if (!is_game_number(name, digits, game) ||
	    len - digits != strlen(OUTDIR_LOG_SUFFIX) ||
	    memcmp(name + digits, OUTDIR_LOG_SUFFIX, strlen(OUTDIR_LOG_SUFFIX)))
		return 0;
	return game;
}

long outdir_set_aside_game(const char *name, long *count)
{
	long game;
	size_t digits = leading_number(name, strlen(name), &game);
	const char *rest = name + digits;

	if (!is_game_number(name, digits, game) ||
	    strncmp(rest, ASIDE_MARK, strlen(ASIDE_MARK)))
		return 0;
	rest += strlen(ASIDE_MARK);
	digits = leading_number(rest, strlen(rest), count);
	if (!digits || rest[0] == '0' || strcmp(rest + digits, OUTDIR_LOG_SUFFIX))
		return 0;
	return game;
}

bool outdir_is_result_log(const char *name)
{
	size_t len = strlen(name), suffix = strlen(OUTDIR_LOG_SUFFIX);

	return len > suffix && !strcmp(name + len - suffix, OUTDIR_LOG_SUFFIX) &&
	       !strstr(name, ASIDE_MARK) && strcmp(name, OUTDIR_MANIFEST) &&
	       strcmp(name, OUTDIR_RUN_MANIFEST);
}

/* Whether the last part of `path` is `name`. */
static bool named(const char *path, const char *name)
{
	const char *slash = strrchr(path, '/');

	return !strcmp(slash ? slash + 1 : path, name);
}

bool outdir_is_manifest(const char *path)
{
	return named(path, OUTDIR_MANIFEST);
}

bool outdir_is_run_manifest(const char *path)
{
	return named(path, OUTDIR_RUN_MANIFEST);
}
