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
 * named: anyone can sign a log with a key of their own.  With --what-if
 * MOVE=ACTION [--bots B1,B2,...] [--out FILE], the log's decision MOVE
 * is played otherwise (ACTION read as a book reads a move, or the
 * grade's best) and the game played on (run/what_if.h) by the bots given,
 * else each game's reference bot beside the referee, in the sandbox the
 * verbs' bots run in, the what-if's log hidden from them; that log is
 * then replayed as any.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/helper.h"
#include "base/json.h"
#include "base/keys.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/verify.h"
#include "base/visible.h"
#include "cli.h"
#include "grade/grade.h"
#include "plan/book.h"
#include "report/html.h"
#include "report/replay.h"
#include "report/replay_text.h"
#include "report/replay_words.h"
#include "run/what_if.h"

enum replay_format { FORMAT_TEXT, FORMAT_HTML, FORMAT_MESSAGE };

struct replay_what_if {
	const char *source, *spec, *bots, *out; /* LOG, MOVE=ACTION, --bots, --out */
	char *scratch;  /* without --out: the folder of its log, removed after */
	char *log_path; /* the what-if's log */
	int move;
	cJSON *action;
};

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

static const struct cli_opt replay_options[] = {
	CLI_OPT("format", required_argument, 'f'),
	CLI_LONG("move", struct replay_args, move, 0, 1000000000),
	CLI_LONG("seat", struct replay_args, seat, 0, 1000000000),
	CLI_TEXT("key", struct replay_args, key_file),
	CLI_FLAG("grade", struct replay_args, grade),
	CLI_TEXT("what-if", struct replay_args, what_if.spec),
	CLI_TEXT("bots", struct replay_args, what_if.bots),
	CLI_TEXT("out", struct replay_args, what_if.out),
	CLI_END,
};

static int parse_args(int argc, char **argv, struct replay_args *a)
{
	int opt;

	*a = (struct replay_args){.format = FORMAT_TEXT, .move = -1, .seat = -1};
	while ((opt = cli_option(&cmd_replay_entry, argc, argv, NULL, a)) != -1) {
		if (opt == 'f' && !format_named(optarg, &a->format))
			return cli_fail("replay", "--format takes text, html or message");
		else if (opt == 'o')
			a->output = optarg;
		else if (opt != 'f')   /* '?' */
			return EXIT_USAGE;
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
	seat = (int)json_number(r->message, "seat");
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

/* Whether the log verified, said after the text, or why not (exit 1). */
static int tell_verified(const struct replay *r, const struct replay_args *a)
{
	const cJSON *verify = json_member(r->doc, "verify");
	char signer[KEYS_SIGNED_BY_LEN];

	if (!r->verified) {
		const char *why = cJSON_GetStringValue(json_member(verify, "error"));

		if (a->format == FORMAT_TEXT && a->move < 0) {
			putchar('\n');
			visible_line(stdout, "replay stopped: %s: %s", a->path, why);
		}
		visible_line(stderr, "referee replay: %s does not verify: %s", a->path, why);
		return EXIT_CHECK_FAILED;
	}
	if (a->format == FORMAT_TEXT && a->move < 0)
		printf("\nthe log verifies; %s\n",
		       cJSON_IsFalse(json_member(verify, "refereed"))
		       ? cJSON_GetStringValue(json_member(verify, "trust"))
		       : keys_signed_by(signer, cJSON_GetStringValue(json_member(verify, "key")),
					a->key_file != NULL));
	return EXIT_OK;
}

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
	char number[16] = "";
	long move = 0;
	cJSON *graded;

	if (eq && (size_t)(eq - r->spec) < sizeof number)
		memcpy(number, r->spec, (size_t)(eq - r->spec));
	if (!eq || !whole_number(number, 1, 1000000, &move) || !eq[1])
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

/* Plays the what-if into r->log_path: EXIT_OK, or another status after
 * a message. */
static int replay_what_if_play(struct replay_what_if *r)
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

/* What the what-if is, in lines for its replay's text and page: the
 * played and the other action, each with its value where grade has one,
 * and who won each line. */
static cJSON *replay_what_if_lines(const struct replay_what_if *r)
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

static void replay_what_if_free(struct replay_what_if *r)
{
	if (r->scratch)
		cli_scratch_free("replay", r->scratch);
	free(r->log_path);
	cJSON_Delete(r->action);
}

/* The log at `path` read and made its replay: 0, or -1 with why. */
static int replay_load(const char *path, const struct replay_options *options,
		       struct game_log *log, struct replay *r, char *err)
{
	if (logread_load(path, log, err))
		return -1;
	if (replay_build(log, options, r, err)) {
		logread_free(log);
		return -1;
	}
	return 0;
}

static int cmd_replay(int argc, char **argv)
{
	struct replay_args a;
	struct replay_options options = {0};
	struct game_log log;
	struct replay r;
	unsigned char key[32];
	char err[ERR_LEN];
	const cJSON *line;
	int rc;

	if ((rc = parse_args(argc, argv, &a)) != EXIT_OK)
		return rc;
	/* The key before a what-if's game, which a bad key would waste. */
	if (a.key_file && keys_load_public(a.key_file, key, err)) {
		replay_what_if_free(&a.what_if);
		return cli_fail("replay", "%s", err);
	}
	options.trusted_key = a.key_file ? key : NULL;
	if (a.what_if.spec && (rc = replay_what_if_play(&a.what_if)) != EXIT_OK) {
		replay_what_if_free(&a.what_if);
		return rc;
	}
	if (a.what_if.spec)
		a.path = a.what_if.log_path;
	options.what_if_ok = a.what_if.spec != NULL;
	options.boards = a.format == FORMAT_TEXT;
	options.message_move = a.format == FORMAT_MESSAGE ? (int)a.move : 0;
	if (replay_load(a.path, &options, &log, &r, err)) {
		replay_what_if_free(&a.what_if);
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
	/* The what-if's lines after the text, after a blank line. */
	if (rc == EXIT_OK && a.what_if.spec && a.format == FORMAT_TEXT) {
		putchar('\n');
		cJSON_ArrayForEach(line, json_member(r.doc, "what_if"))
			visible_line(stdout, "%s", line->valuestring);
	}
	replay_what_if_free(&a.what_if);
	replay_free(&r);
	logread_free(&log);
	return rc;
}

const struct cmd_entry cmd_replay_entry = {
	.name = "replay",
	.summary = "show a game from its log: text, HTML, a bot's message",
	.shortopts = "o:",
	.options = replay_options,
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
