/*
 * `referee replay LOG [--format text|html|message] [--move N] [--seat S]
 * [-o FILE]`: a game told move by move from its log, as text, as one
 * self-contained HTML page, or as the exact turn message a seat was sent
 * (to feed a bot by hand).  The log is verified as it is replayed (the
 * same checks as `referee verify`), so what is shown is what the rules
 * and the draws say happened; a log that does not verify is shown up to
 * the failure, which is named, and the exit status is 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "html.h"
#include "json.h"
#include "replay.h"
#include "replay_text.h"
#include "util.h"

struct replay_args {
	const char *path, *format, *output;
	long move, seat;
};

static int parse_args(int argc, char **argv, struct replay_args *a)
{
	*a = (struct replay_args){.format = "text", .move = -1, .seat = -1};
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (!strcmp(arg, "--format") || !strcmp(arg, "-o") ||
		    !strcmp(arg, "--move") || !strcmp(arg, "--seat")) {
			if (++i == argc)
				return cli_fail("replay", "%s needs a value", arg);
			if (!strcmp(arg, "--format"))
				a->format = argv[i];
			else if (!strcmp(arg, "-o"))
				a->output = argv[i];
			else if (!cli_number("replay", arg, argv[i], 0, 1000000000,
					     !strcmp(arg, "--move") ? &a->move : &a->seat))
				return EXIT_USAGE;
		} else if (arg[0] == '-' && arg[1]) {
			return cli_fail("replay", "unknown option '%s'", arg);
		} else if (a->path) {
			return cli_fail("replay", "takes one log");
		} else {
			a->path = arg;
		}
	}
	if (!a->path)
		return cli_fail("replay", "no log given");
	if (strcmp(a->format, "text") && strcmp(a->format, "html") &&
	    strcmp(a->format, "message"))
		return cli_fail("replay", "--format takes text, html or message");
	if (!strcmp(a->format, "message") && (a->move < 1 || a->seat < 0))
		return cli_fail("replay", "--format message needs --move N (1 or more) "
				"and --seat S: the message seat S was sent to decide move N");
	if (strcmp(a->format, "message") && a->seat >= 0)
		return cli_fail("replay", "--seat goes with --format message");
	if (!strcmp(a->format, "html") && a->move >= 0)
		return cli_fail("replay", "--move does not go with --format html: "
				"open the page at FILE#move=N instead");
	return EXIT_OK;
}

/* The turn message of --format message on stdout, or why there is none. */
static int print_message(const struct replay *r, const struct replay_args *a)
{
	int seat = r->message ? (int)cJSON_GetNumberValue(
		cJSON_GetObjectItemCaseSensitive(r->message, "seat")) : -1;
	char *line;

	if (a->move > r->moves)
		return cli_fail("replay", "%s has %d moves, not %ld", a->path,
				r->moves, a->move);
	if (seat != a->seat)
		return cli_fail("replay", "seat %d was asked for move %ld, not seat "
				"%ld: only the seat to move is sent a turn message",
				seat, a->move, a->seat);
	line = json_print_line(r->message);
	printf("%s\n", line);
	free(line);
	return EXIT_OK;
}

static int write_output(const struct replay *r, const struct replay_args *a)
{
	char err[ERR_LEN];

	if (!strcmp(a->format, "message"))
		return print_message(r, a);
	if (!strcmp(a->format, "html")) {
		if (html_write_replay(a->output, r->doc, err))
			return cli_fail("replay", "%s", err);
		return EXIT_OK;
	}
	if (a->move < 0) {
		replay_print_text(stdout, r->doc);
	} else if (replay_print_move(stdout, r->doc, (int)a->move)) {
		return cli_fail("replay", "%s has %d moves, not %ld", a->path,
				r->moves, a->move);
	}
	return EXIT_OK;
}

int cmd_replay(int argc, char **argv)
{
	struct replay_args a;
	struct replay_options options = {0};
	struct game_log log;
	struct replay r;
	const cJSON *verify;
	char err[ERR_LEN];
	int rc;

	if (cli_wants_help(argc, argv)) {
		puts("usage: referee replay LOG [--format text|html|message] [--move N]\n"
		     "                      [--seat S] [-o FILE]\n\n"
		     "Shows the game in LOG, checking the log as `referee verify` does.\n\n"
		     "  --format text     move by move: the action, the draws it caused and\n"
		     "                    what happened in words, then the board (default)\n"
		     "  --move N          text: only move N and the position after it (0: the\n"
		     "                    start)\n"
		     "  --format html     one self-contained page to step through the game\n"
		     "                    in a browser; -o FILE (default: stdout)\n"
		     "  --format message  with --move N --seat S: the exact turn message seat\n"
		     "                    S was sent to decide move N, to feed a bot by hand\n\n"
		     "Exit status 1 if the log does not verify (it is shown up to the\n"
		     "failure), 2 on bad usage or when the log cannot be read.");
		return EXIT_OK;
	}
	if ((rc = parse_args(argc, argv, &a)) != EXIT_OK)
		return rc;
	options.boards = !strcmp(a.format, "text");
	options.message_move = !strcmp(a.format, "message") ? (int)a.move : 0;
	if (logread_load(a.path, &log, err))
		return cli_fail("replay", "%s", err);
	if (replay_build(&log, &options, &r, err)) {
		logread_free(&log);
		return cli_fail("replay", "%s", err);
	}
	rc = write_output(&r, &a);
	verify = cJSON_GetObjectItemCaseSensitive(r.doc, "verify");
	if (rc == EXIT_OK && !r.verified) {
		const char *why = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(verify, "error"));

		if (!strcmp(a.format, "text") && a.move < 0)
			printf("\nreplay stopped: %s: %s\n", a.path, why);
		fprintf(stderr, "referee replay: %s does not verify: %s\n", a.path, why);
		rc = EXIT_CHECK_FAILED;
	} else if (rc == EXIT_OK && !strcmp(a.format, "text") && a.move < 0) {
		printf("\nthe log verifies (signed by %s)\n",
		       cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(verify, "key")));
	}
	replay_free(&r);
	logread_free(&log);
	return rc;
}
