/*
 * `referee replay LOG [--format text]`: a game told move by move, the
 * board drawn after each, from its log.  The log is verified as it is
 * replayed (it goes through the same checks as `referee verify`), so what
 * is shown is what the rules and the draws say happened.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "logread.h"
#include "util.h"
#include "verify.h"

struct replay {
	const struct game_log *log;
	int moves;
};

static const char *player_name(const struct replay *r, int seat)
{
	const cJSON *players = cJSON_GetObjectItemCaseSensitive(r->log->lines[0].json,
								"players");
	const cJSON *p = cJSON_GetArrayItem(players, seat);
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(p, "name");

	return cJSON_IsString(name) ? name->valuestring : "?";
}

static void print_board(const struct table *table)
{
	char *board;

	if (!table->state)
		return;
	board = table->rules->render(table->state);
	printf("%s\n", board);
	free(board);
}

static void show_record(void *ctx, size_t line, const cJSON *record,
			const struct table *table)
{
	struct replay *r = ctx;
	const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "type"));
	const cJSON *seat_item = cJSON_GetObjectItemCaseSensitive(record, "seat");
	int seat = cJSON_IsNumber(seat_item) ? seat_item->valueint : -1; /* NaN is not an int */
	char *text;

	(void)line;
	if (!strcmp(type, "header")) {
		text = json_print_line(cJSON_GetObjectItemCaseSensitive(record, "options"));
		printf("%s, options %s\n", cJSON_GetStringValue(
			       cJSON_GetObjectItemCaseSensitive(record, "rules")), text);
		free(text);
		for (int s = 0; s < cJSON_GetArraySize(
			     cJSON_GetObjectItemCaseSensitive(record, "players")); s++)
			printf("  seat %d: %s\n", s, player_name(r, s));
	} else if (!strcmp(type, "begin")) {
		printf("\nseat %d starts\n", table->first_seat);
		print_board(table);
	} else if (!strcmp(type, "abandon")) {
		printf("\nno match key could be formed: the game is abandoned\n");
	} else if (!strcmp(type, "draw")) {
		text = json_print_line(record);
		printf("draw %s\n", text);
		free(text);
	} else if (!strcmp(type, "action")) {
		text = json_print_line(cJSON_GetObjectItemCaseSensitive(record, "action"));
		printf("\nmove %d: seat %d (%s) plays %s\n", ++r->moves, seat,
		       player_name(r, seat), text);
		free(text);
		print_board(table);
	} else if (!strcmp(type, "forfeit")) {
		printf("\nseat %d (%s) forfeits: %s: %s\n", seat, player_name(r, seat),
		       cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "reason")),
		       cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "detail")));
	} else if (!strcmp(type, "result")) {
		const cJSON *ranks = cJSON_GetObjectItemCaseSensitive(record, "ranks");
		const cJSON *scores = cJSON_GetObjectItemCaseSensitive(record, "scores");

		printf("\nresult:\n");
		for (int place = 1; place <= cJSON_GetArraySize(ranks); place++)
			for (int s = 0; s < cJSON_GetArraySize(ranks); s++)
				if ((int)cJSON_GetArrayItem(ranks, s)->valuedouble == place)
					printf("  %d. %s (seat %d) %g\n", place,
					       player_name(r, s), s,
					       cJSON_GetArrayItem(scores, s)->valuedouble);
	}
}

int cmd_replay(int argc, char **argv)
{
	struct verify_summary summary;
	struct game_log log;
	struct replay r = {.log = &log};
	struct verify_hooks hooks = {.on_record = show_record, .ctx = &r};
	const char *path = NULL;
	char err[ERR_LEN];
	int rc;

	if (cli_wants_help(argc, argv)) {
		puts("usage: referee replay LOG [--format text]\n\n"
		     "Shows the game in LOG move by move with the board after "
		     "each move, checking\nthe log as `referee verify` does. Exit "
		     "status 1 if the log does not verify.");
		return EXIT_OK;
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--format")) {
			if (++i == argc || strcmp(argv[i], "text"))
				return cli_fail("replay", "--format takes 'text'");
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_fail("replay", "unknown option '%s'", argv[i]);
		} else if (path) {
			return cli_fail("replay", "takes one log");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		return cli_fail("replay", "no log given");
	if (logread_load(path, &log, err))
		return cli_fail("replay", "%s", err);
	rc = verify_log(&log, NULL, &hooks, &summary, err);
	if (rc)
		printf("\nreplay stopped: %s: %s\n", path, err);
	else
		printf("\nthe log verifies (signed by %s)\n", summary.key_hex);
	logread_free(&log);
	return rc ? EXIT_CHECK_FAILED : EXIT_OK;
}
