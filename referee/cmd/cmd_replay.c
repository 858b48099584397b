/*
 * `referee replay LOG [--format text|html|message] [--move N] [--seat S]
 * [-o FILE] [--key FILE] [--grade]`: a game told move by move from its log,
 * as text, as one self-contained HTML page, or as the exact turn message a
 * seat was sent (to feed a bot by hand); with --grade, each decision and
 * roll graded as `referee grade` grades them (grade/grade.h).  The log is verified as it is replayed
 * (the same checks as `referee verify`), so what is shown is what the
 * rules and the draws say happened; a log that does not verify is shown up
 * to a failure in its play (none of it when its chain, signature or
 * commitments fail), the failure is named, and the exit status is 1.  The text and
 * the page name the key that signed, and whether it is the one --key
 * named: anyone can sign a log with a key of their own.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/keys.h"
#include "base/util.h"
#include "base/visible.h"
#include "cli.h"
#include "cmd_replay.h"
#include "grade/grade.h"
#include "report/html.h"
#include "report/replay.h"
#include "report/replay_text.h"
#include "report/replay_words.h"

enum replay_format { FORMAT_TEXT, FORMAT_HTML, FORMAT_MESSAGE };

struct replay_args {
	const char *path, *output, *key_file;
	enum replay_format format;
	long move, seat;
	bool grade;
	struct replay_what_if what_if; /* --what-if, --bots, --out */
};

/* --format's word as a replay_format; false for a word it does not take. */
static bool format_named(const char *word, enum replay_format *format)
{
	static const char *const words[] = {
		[FORMAT_TEXT] = "text", [FORMAT_HTML] = "html",
		[FORMAT_MESSAGE] = "message",
	};

	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (!strcmp(word, words[i])) {
			*format = (enum replay_format)i;
			return true;
		}
	return false;
}

static const struct option replay_options[] = {
	{"format", required_argument, NULL, 'f'},
	{"move", required_argument, NULL, 'm'},
	{"seat", required_argument, NULL, 's'},
	{"key", required_argument, NULL, 'k'},
	{"grade", no_argument, NULL, 'g'},
	{"what-if", required_argument, NULL, 'w'},
	{"bots", required_argument, NULL, 'b'},
	{"out", required_argument, NULL, 'O'},
	{NULL, 0, NULL, 0},
};

static int parse_args(int argc, char **argv, struct replay_args *a)
{
	int opt;

	*a = (struct replay_args){.format = FORMAT_TEXT, .move = -1, .seat = -1};
	while ((opt = cli_option(&cmd_replay_entry, argc, argv, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (!format_named(optarg, &a->format))
				return cli_fail("replay", "--format takes text, html or message");
			break;
		case 'o': a->output = optarg; break;
		case 'k': a->key_file = optarg; break;
		case 'g': a->grade = true; break;
		case 'w': a->what_if.spec = optarg; break;
		case 'b': a->what_if.bots = optarg; break;
		case 'O': a->what_if.out = optarg; break;
		case 'm':
		case 's':
			if (!cli_number("replay", opt == 'm' ? "--move" : "--seat", optarg,
					0, 1000000000, opt == 'm' ? &a->move : &a->seat))
				return EXIT_USAGE;
			break;
		default:   /* '?' */
			return EXIT_USAGE;
		}
	}
	if (optind == argc)
		return cli_fail("replay", "no log given");
	if (argc - optind > 1)
		return cli_fail("replay", "takes one log");
	a->path = a->what_if.source = argv[optind];
	if ((a->what_if.bots || a->what_if.out) && !a->what_if.spec)
		return cli_fail("replay", "--bots and --out go with --what-if");
	if (a->what_if.spec && (a->format == FORMAT_MESSAGE || a->move >= 0))
		return cli_fail("replay", "--what-if goes with the whole game, as text "
				"or html");
	if (a->format == FORMAT_MESSAGE && (a->move < 1 || a->seat < 0))
		return cli_fail("replay", "--format message needs --move N (1 or more) "
				"and --seat S: the message seat S was sent to decide move N");
	if (a->format != FORMAT_MESSAGE && a->seat >= 0)
		return cli_fail("replay", "--seat goes with --format message");
	if (a->grade && (a->format == FORMAT_MESSAGE || a->move >= 0))
		return cli_fail("replay", "--grade goes with the whole game, as text "
				"or html");
	if (a->format == FORMAT_HTML && a->move >= 0)
		return cli_fail("replay", "--move does not go with --format html: "
				"open the page at FILE#move=N instead");
	return EXIT_OK;
}

/* --move N names a move the replay did not reach: past the game's end,
 * or past where a log that does not verify stopped, which the caller
 * then says (exit 1). */
static int not_reached(const struct replay *r, const struct replay_args *a)
{
	if (!r->verified)
		return EXIT_OK;
	return cli_fail("replay", "%s has %d moves, not %ld", a->path, r->moves,
			a->move);
}

/* The turn message of --format message on stdout, or why there is none. */
static int print_message(const struct replay *r, const struct replay_args *a)
{
	int seat;
	char *line;

	if (!r->message)
		return not_reached(r, a);
	seat = (int)cJSON_GetNumberValue(
		cJSON_GetObjectItemCaseSensitive(r->message, "seat"));
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

	if (a->format == FORMAT_MESSAGE)
		return print_message(r, a);
	if (a->format == FORMAT_HTML) {
		if (html_write_replay(a->output, r->doc, err))
			return cli_fail("replay", "%s", err);
		return EXIT_OK;
	}
	if (a->move < 0) {
		replay_print_text(stdout, r->doc);
	} else if (replay_print_move(stdout, r->doc, (int)a->move)) {
		return not_reached(r, a);
	}
	return EXIT_OK;
}

/* The what-if's lines after the text, after a blank line. */
static void print_lines(const cJSON *lines)
{
	const cJSON *line;

	putchar('\n');
	cJSON_ArrayForEach(line, lines)
		visible_line(stdout, "%s", line->valuestring);
}

/* Whether the log verified, said after the text, or why not (exit 1). */
static int tell_verified(const struct replay *r, const struct replay_args *a)
{
	const cJSON *verify = cJSON_GetObjectItemCaseSensitive(r->doc, "verify");
	char signer[KEYS_SIGNED_BY_LEN];

	if (!r->verified) {
		const char *why = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(verify, "error"));

		if (a->format == FORMAT_TEXT && a->move < 0) {
			putchar('\n');
			visible_line(stdout, "replay stopped: %s: %s", a->path, why);
		}
		visible_line(stderr, "referee replay: %s does not verify: %s", a->path, why);
		return EXIT_CHECK_FAILED;
	}
	if (a->format == FORMAT_TEXT && a->move < 0)
		printf("\nthe log verifies; %s\n",
		       cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(verify, "refereed"))
		       ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(verify, "trust"))
		       : keys_signed_by(signer, cJSON_GetStringValue(
				cJSON_GetObjectItemCaseSensitive(verify, "key")),
				a->key_file != NULL));
	return EXIT_OK;
}

static int cmd_replay(int argc, char **argv)
{
	struct replay_args a;
	struct replay_options options = {0};
	struct game_log log;
	struct replay r;
	unsigned char key[32];
	char err[ERR_LEN];
	int rc;

	if ((rc = parse_args(argc, argv, &a)) != EXIT_OK)
		return rc;
	if (a.what_if.spec && (rc = replay_what_if_play(&a.what_if)) != EXIT_OK) {
		replay_what_if_free(&a.what_if);
		return rc;
	}
	if (a.what_if.spec)
		a.path = a.what_if.log_path;
	options.what_if_ok = a.what_if.spec != NULL;
	options.boards = a.format == FORMAT_TEXT;
	options.message_move = a.format == FORMAT_MESSAGE ? (int)a.move : 0;
	if (a.key_file && keys_load_public(a.key_file, key, err))
		return cli_fail("replay", "%s", err);
	options.trusted_key = a.key_file ? key : NULL;
	if (logread_load(a.path, &log, err))
		return cli_fail("replay", "%s", err);
	if (replay_build(&log, &options, &r, err)) {
		logread_free(&log);
		return cli_fail("replay", "%s", err);
	}
	replay_words_near(r.doc, a.path);
	if (a.grade) {
		struct grade *g = grade_new(NULL, GRADE_ESTIMATES | GRADE_SHOWN | GRADE_WHAT_IFS);
		cJSON *grade;

		grade_log(g, NULL, &log, &grade, err);
		cJSON_AddItemToObject(r.doc, "grade", grade);
		grade_free(g);
	}
	if (a.what_if.spec)
		cJSON_AddItemToObject(r.doc, "what_if", replay_what_if_lines(&a.what_if));
	rc = write_output(&r, &a);
	if (rc == EXIT_OK)
		rc = tell_verified(&r, &a);
	if (rc == EXIT_OK && a.what_if.spec && a.format == FORMAT_TEXT)
		print_lines(json_member(r.doc, "what_if"));
	replay_what_if_free(&a.what_if);
	replay_free(&r);
	logread_free(&log);
	return rc;
}

const struct cmd_entry cmd_replay_entry = {
	.name = "replay",
	.summary = "show a game from its log: text, HTML, a bot's message",
	.shortopts = "o:",
	.longopts = replay_options,
	.usage = "usage: referee replay LOG [--format text|html|message] [--move N]\n"
		"                      [--seat S] [-o FILE] [--key PUBLIC_KEY_FILE]\n"
		"                      [--grade]\n"
		"       referee replay LOG --what-if MOVE=ACTION [--bots B1,B2,...]\n"
		"                      [--out FILE] [--format text|html] [-o FILE]\n\n"
		"Shows the game in LOG, checking the log as `referee verify` does.\n\n"
		"  --format text     move by move: the action, the draws it caused and\n"
		"                    what happened in words, then the board (default)\n"
		"  --move N          text: only move N and the position after it (0: the\n"
		"                    start)\n"
		"  --format html     one self-contained page to step through the game\n"
		"                    in a browser; -o FILE (default: stdout)\n"
		"  --format message  with --move N --seat S: the exact turn message seat\n"
		"                    S was sent to decide move N, to feed a bot by hand\n"
		"  --key FILE        the public key the log must be signed with; the\n"
		"                    text and the page say whether the signature was\n"
		"                    checked against a key you trust (the page's badge\n"
		"                    is green only then)\n"
		"  --grade           text and html: each decision's mark and the best\n"
		"                    action, each roll's luck, and the table of skill\n"
		"                    and luck, as `referee grade` gives them (two-player\n"
		"                    bolo and bolo5; another game says why it is not\n"
		"                    graded)\n"
		"  --what-if MOVE=ACTION  decision MOVE played with ACTION instead (as\n"
		"                    the log writes it, or best: the grade's), then the\n"
		"                    game played on by the bots on the game's own key:\n"
		"                    the dice that fell, as far as the two lines draw\n"
		"                    alike; shown as a replay, with both actions' values\n"
		"  --bots B1,B2,...  who plays on, seat by seat (default: the game's\n"
		"                    reference bot in every seat; own: the game's bots,\n"
		"                    as its log names and runs them)\n"
		"  --out FILE        keep the what-if's log (unsigned, hypothetical)\n\n"
		"Exit status 1 if the log does not verify (it is shown up to a\n"
		"failure in its play; none of it when its chain, signature or\n"
		"commitments fail), 2 on bad usage or when the log cannot be read.\n",
	.exec = cmd_replay,
};
