/*
 * Each game's opening against the book's schedule; see verify_book.h.
 */
#include "verify_book.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/util.h"
#include "games/registry.h"
#include "plan/tournament_file.h"

struct verify_book {
	struct tournament_spec spec;  /* what the picks depend on, and the
				       * book */
	int unit;                     /* games a line (tournament_book_unit) */
};

struct verify_book *verify_book_open(const struct manifest_view *view,
				     char *notice, size_t size)
{
	struct verify_book *vb;
	cJSON *header;
	const char *path;
	char err[ERR_LEN];

	*notice = '\0';
	if (!view->book_sha256[0])
		return NULL;
	header = logread_header(view->path);
	path = cJSON_GetStringValue(json_member(header, "book_path"));
	vb = xcalloc(1, sizeof *vb);
	if (!path)
		snprintf(notice, size, "its manifest does not say where its opening "
			 "book was: each game's line is not checked against the schedule");
	else if (tournament_file_picks(json_member(header, "file"), &vb->spec, err) ||
		 tournament_file_book(&vb->spec, path, cJSON_GetStringValue(
					      json_member(header, "book_order")), err))
		snprintf(notice, size, "%s: each game's line is not checked against "
			 "the schedule", err);
	else if (strcmp(vb->spec.book.sha256, view->book_sha256))
		snprintf(notice, size, "opening book %s is not the run's any more (its "
			 "SHA-256 is %s, the manifest's %s): each game's line is not "
			 "checked against the schedule", path, vb->spec.book.sha256,
			 view->book_sha256);
	else
		vb->unit = tournament_book_unit(&vb->spec);
	cJSON_Delete(header);
	if (!*notice)
		return vb;
	verify_book_free(vb);
	return NULL;
}

void verify_book_free(struct verify_book *vb)
{
	if (!vb)
		return;
	tournament_file_free(&vb->spec);
	free(vb);
}

/* A line's moves, as the book writes them: "F4 C3". */
static void moves_text(const cJSON *moves, char *buf, size_t size)
{
	const cJSON *m;
	size_t at = 0;

	buf[0] = '\0';
	cJSON_ArrayForEach(m, moves)
		if (at < size)
			at += (size_t)snprintf(buf + at, size - at, "%s%s", at ? " " : "",
					       cJSON_IsString(m) ? m->valuestring : "?");
}

/* That the log opens with `want`, the line the schedule gives its game. */
static void compare_line(const struct book_line *want, long game,
			 const cJSON *header, const char *path,
			 struct problems *problems)
{
	const cJSON *book = json_member(header, "book");
	const cJSON *line = json_member(book, "line"), *moves = json_member(book, "moves");
	char has[256], should[256];

	moves_text(moves, has, sizeof has);
	moves_text(want->moves, should, sizeof should);
	if (!cJSON_IsNumber(line) || line->valuedouble != want->line)
		problems_add(problems, path, "game %ld opens with line %.0f of the "
			     "opening book (%s); the schedule gives it line %d (%s)",
			     game, cJSON_GetNumberValue(line), has, want->line, should);
	else if (!cJSON_Compare(moves, want->moves, true))
		problems_add(problems, path, "game %ld opens with line %d of the "
			     "opening book, but as %s: the book's line %d is %s",
			     game, want->line, has, want->line, should);
}

void verify_book_check(const struct verify_book *vb, long game, const cJSON *header,
		       const char *path, struct problems *problems)
{
	compare_line(book_pick(&vb->spec.book, (game - 1) % vb->spec.games / vb->unit),
		     game, header, path, problems);
}

/* The book the header names, read again as the run read it: 0, or -1
 * with `notice` saying why the line cannot be checked. */
static int reread(const cJSON *header, const cJSON *described, struct book *book,
		  char *notice, size_t size)
{
	const struct game_rules *rules = arena_game_find(
		cJSON_GetStringValue(json_member(header, "game")));
	const char *path = cJSON_GetStringValue(json_member(described, "path"));
	const char *sha = cJSON_GetStringValue(json_member(described, "sha256"));
	char err[ERR_LEN];

	if (!rules || !path || !sha)
		return -(snprintf(notice, size, "its header does not say where its "
				  "opening book was") > 0);
	if (book_read(path, rules, json_member(header, "options"),
		      cJSON_GetArraySize(json_member(header, "players")), book, err))
		return -(snprintf(notice, size, "%s", err) > 0);
	if (book_order(book, cJSON_GetStringValue(json_member(described, "order")), err))
		snprintf(notice, size, "%s", err);
	else if (!strcmp(book->sha256, sha))
		return 0;
	else
		snprintf(notice, size, "opening book %s is not the run's any more "
			 "(its SHA-256 is %s, the log's %s)", path, book->sha256, sha);
	book_free(book);
	return -1;
}

void verify_book_log(const struct game_log *log, struct problems *problems,
		     char *notice, size_t size)
{
	const char *path = log->path;
	const cJSON *header = log->count ? log->lines[0].json : NULL;
	const cJSON *described = json_member(header, "book");
	long first = 0, unit = 0, game = outdir_play_log_game(path);
	struct book book;

	*notice = '\0';
	if (!described || !json_member(described, "unit"))
		return;  /* no book, or a log of arena 0.5.0 */
	if (!json_get_int(described, "first", 1, LONG_MAX, &first) ||
	    !json_get_int(described, "unit", 1, INT32_MAX, &unit) || !first || !unit ||
	    game < first)
		snprintf(notice, size, "its header's \"book\" gives no schedule for "
			 "game %ld (\"first\" and \"unit\", 1 or more, the game "
			 "from its name game-NNNNNN.jsonl)", game);
	else if (!reread(header, described, &book, notice, size)) {
		compare_line(book_pick(&book, (game - first) / unit), game, header,
			     path, problems);
		book_free(&book);
	}
	if (*notice)
		snprintf(notice + strlen(notice), size - strlen(notice),
			 ": its line is not checked against the run's schedule");
}
