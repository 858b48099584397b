/*
 * `referee replay LOG --what-if MOVE=ACTION [--bots B1,B2,...] [--out
 * FILE]` (cmd_replay.h): the action read as a book reads a move, or the
 * grade's best; the bots given, else each game's reference bot beside
 * the referee; in the sandbox the verbs' bots run in, the what-if's log
 * and the bots' stderr files hidden from them.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/helper.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/verify.h"
#include "cli.h"
#include "cmd_replay.h"
#include "grade/grade.h"
#include "plan/book.h"
#include "run/what_if.h"

/* The graded decision `move` of the log at `path` (a new object), or
 * NULL when the log is not graded or the move is no decision; with
 * `estimates`, graded by playouts where there are no exact values (a
 * whole game's playouts: seconds to minutes). */
static cJSON *graded_move(const char *path, int move, bool estimates)
{
	struct grade *g = grade_new(NULL, (estimates ? GRADE_ESTIMATES : 0) | GRADE_WHAT_IFS);
	cJSON *doc = NULL, *m, *found = NULL;
	char err[ERR_LEN];

	if (grade_log(g, path, NULL, &doc, err) == GRADE_OK)
		cJSON_ArrayForEach(m, json_member(doc, "moves"))
			if (json_member(m, "played") &&
			    cJSON_GetNumberValue(json_member(m, "move")) == move)
				found = cJSON_Duplicate(m, true);
	cJSON_Delete(doc);
	grade_free(g);
	return found;
}

/* MOVE=ACTION read; "best" is the grade's. */
static int read_spec(struct replay_what_if *r)
{
	const char *eq = strchr(r->spec, '=');
	char *end;
	long move = strtol(r->spec, &end, 10);
	cJSON *graded;

	if (!eq || end != eq || move < 1 || move > 1000000 || !eq[1])
		return cli_fail("replay", "--what-if takes MOVE=ACTION, a move number from 1 "
				"and the action as the log writes it, or best "
				"(--what-if 12='{\"keep\":[1]}', --what-if 30=best), not '%s'",
				r->spec);
	r->move = (int)move;
	if (strcmp(eq + 1, "best")) {
		r->action = book_move(eq + 1);
		return r->action ? EXIT_OK : cli_fail("replay", "--what-if: '%s' is no action",
						     eq + 1);
	}
	if (!(graded = graded_move(r->source, r->move, true)))
		return cli_fail("replay", "--what-if %d=best: %s has no graded decision at "
				"move %d (grade gives the best action of a game it can "
				"grade): give the action", r->move, r->source, r->move);
	r->action = cJSON_Duplicate(json_member(graded, "best"), true);
	cJSON_Delete(graded);
	return EXIT_OK;
}

/* The bots of --bots (own: the game's, as its header names and runs
 * them), else each seat's game's reference bot, as BOT arguments into
 * bots[0..seats-1] (new strings). */
static int bot_words(const struct replay_what_if *r, const cJSON *header, int seats,
		     char **bots)
{
	const char *game = cJSON_GetStringValue(json_member(header, "game"));
	const char *reference = what_if_reference_bot(game);
	char *list = r->bots ? xstrdup(r->bots) : NULL, *save = NULL, *word;
	char err[ERR_LEN], *name = reference ? xasprintf("../bots/%s", reference) : NULL;
	char *path = name ? helper_path(name, NULL, "a what-if's reference bot", err) : NULL;
	int n = 0;

	for (word = list ? strtok_r(list, ",", &save) : NULL; word && n < seats;
	     word = strtok_r(NULL, ",", &save))
		bots[n++] = xstrdup(word);
	if (n == 1 && !strcmp(bots[0], "own")) {
		const cJSON *player;

		free(bots[--n]);
		cJSON_ArrayForEach(player, json_member(header, "players"))
			bots[n++] = xasprintf("%s=%s", cJSON_GetStringValue(json_member(player, "name")),
					      cJSON_GetStringValue(json_member(player, "command")));
	}
	for (; !r->bots && path && n < seats; n++)
		bots[n] = xasprintf("%s=%s", reference, path);
	free(list);
	free(name);
	free(path);
	if (n == seats && (!word || !r->bots))
		return EXIT_OK;
	if (r->bots)
		return cli_fail("replay", "--bots names %s bots: the game has %d seats",
				n < seats ? "fewer" : "more", seats);
	return cli_fail("replay", "%s%s: give the bots with --bots B1,B2,...",
			reference ? err : "no reference bot for ", reference ? "" : game);
}

/* The bots seated, in the sandbox, and the game played on. */
static int play_with(struct replay_what_if *r, const struct game_log *log, char **bots,
		     int seats)
{
	struct match_entrant entrants[GAME_MAX_SEATS];
	char *names[GAME_MAX_SEATS] = {NULL}, err[ERR_LEN];
	const char *hidden[1] = {r->log_path};
	struct what_if w = {.log = log, .move = r->move, .action = r->action,
			    .entrants = entrants, .time = cli_default_time,
			    .out = r->log_path};
	struct bot_limits limits = cli_default_limits;
	int rc = cli_entrants("replay", bots, seats, entrants, names) ? EXIT_OK : EXIT_USAGE;

	if (rc == EXIT_OK)
		rc = cli_containment_ready("replay", &w.time, &limits);
	if (rc == EXIT_OK)
		rc = cli_sandbox_ready("replay", &limits, hidden, 1);
	for (int s = 0; s < seats; s++) {
		entrants[s].spec.limits = limits;
		entrants[s].spec.stderr_path = NULL;
	}
	if (rc == EXIT_OK && what_if_play(&w, err)) {
		remove(r->log_path);
		rc = cli_fail("replay", "--what-if %d: %s", r->move, err);
	}
	for (int s = 0; s < seats; s++)
		free(names[s]);
	cli_limits_free(&limits);
	return rc;
}

/* The source verified, then the what-if played from it. */
static int play_from(struct replay_what_if *r, const struct game_log *log)
{
	const struct verify_hooks hooks = {.unsigned_ok = true};
	const cJSON *header = log->lines[0].json;
	int seats = cJSON_GetArraySize(json_member(header, "players"));
	char *bots[GAME_MAX_SEATS] = {NULL}, err[ERR_LEN];
	struct verify_summary summary;
	int rc;

	if (verify_log(log, NULL, &hooks, &summary, err))
		return cli_fail("replay", "--what-if: %s does not verify: %s: a what-if "
				"plays on from a game that verifies", r->source, err);
	rc = bot_words(r, header, seats, bots);
	if (rc == EXIT_OK)
		rc = play_with(r, log, bots, seats);
	for (int s = 0; s < seats; s++)
		free(bots[s]);
	return rc;
}

int replay_what_if_play(struct replay_what_if *r)
{
	struct game_log log;
	char err[ERR_LEN];
	int rc = read_spec(r);

	if (rc != EXIT_OK)
		return rc;
	if (r->out && access(r->out, F_OK) == 0)
		return cli_fail("replay", "--out %s: the file exists, and a log is never "
				"written over: name another", r->out);
	if (!r->out && !(r->scratch = cli_scratch("replay")))
		return EXIT_USAGE;
	r->log_path = r->out ? xstrdup(r->out) : path_join(r->scratch, "what-if.jsonl");
	if (logread_load(r->source, &log, err))
		return cli_fail("replay", "%s", err);
	rc = log.count ? play_from(r, &log)
		       : cli_fail("replay", "%s is not a game log", r->source);
	logread_free(&log);
	return rc;
}

/* "seat 0 won" from a log's result, or "" when it has none. */
static void winners(char *out, size_t size, const char *path)
{
	struct game_log log;
	int ranks[GAME_MAX_SEATS], n, len = 0;
	char err[ERR_LEN];

	out[0] = '\0';
	if (logread_load(path, &log, err))
		return;
	n = logread_ranks(&log, ranks, GAME_MAX_SEATS);
	for (int s = 0; s < n && len < (int)size; s++)
		if (ranks[s] == 1)
			len += snprintf(out + len, size - (size_t)len, "%sseat %d",
					len ? " and " : "", s);
	logread_free(&log);
}

/* A line into the array `lines`, made as printf makes it. */
__attribute__((format(printf, 2, 3)))
static void add_line(cJSON *lines, const char *fmt, ...)
{
	va_list ap;
	char *line;

	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(lines, cJSON_CreateString(line));
	free(line);
}

cJSON *replay_what_if_lines(const struct replay_what_if *r)
{
	cJSON *played = graded_move(r->source, r->move, false);
	cJSON *other = graded_move(r->log_path, r->move, false);
	cJSON *lines = cJSON_CreateArray();
	const char *was = cJSON_GetStringValue(json_member(played, "played_words"));
	const char *now = cJSON_GetStringValue(json_member(other, "played_words"));
	char then[64], after[64];

	winners(then, sizeof then, r->source);
	winners(after, sizeof after, r->log_path);
	add_line(lines, "what if: move %d played otherwise", r->move);
	if (played && other) {
		double a = cJSON_GetNumberValue(json_member(played, "value"));
		double b = cJSON_GetNumberValue(json_member(other, "value"));

		add_line(lines, "  played: %s, worth %.2f%%", was, 100 * a);
		add_line(lines, "  instead: %s, worth %.2f%% (%+.2f%% on average)", now, 100 * b,
			 100 * (b - a));
	}
	add_line(lines, "  the game: %s won; the what-if: %s won", then, after);
	cJSON_Delete(played);
	cJSON_Delete(other);
	return lines;
}

void replay_what_if_free(struct replay_what_if *r)
{
	if (r->scratch)
		cli_scratch_free("replay", r->scratch);
	free(r->log_path);
	cJSON_Delete(r->action);
}
