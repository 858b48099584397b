/*
 * A bot's own words in a replay; see replay_words.h.
 */
#include "replay_words.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "bot/stderr_kept.h"
#include "bot/stderr_marks.h"
#include "bot/stderr_read.h"
#include "replay_members.h"


/* The lines of one game and seat in one file: bytes [start, end), after
 * its mark line at `mark`. */
struct section {
	char game_id[33];
	int seat;
	int claims;     /* sections found for this game and seat */
	char *path;
	long mark, start, end;
	bool at_end;    /* the file ended it when read: it may grow */
	bool marked;    /* its mark is the referee's marked line (stderr_marks.h) */
};

struct words_index {
	struct section *sections; /* by game_id and seat, once each */
	size_t count;
	struct file_read {
		char *path;
		long read;        /* the bytes read of it */
		bool marked;      /* a referee's line among them */
	} *files;                 /* the files read */
	size_t file_count;
};

struct words_index *words_index_new(void)
{
	return xcalloc(1, sizeof(struct words_index));
}

void words_index_free(struct words_index *x)
{
	if (!x)
		return;
	for (size_t i = 0; i < x->count; i++)
		free(x->sections[i].path);
	for (size_t i = 0; i < x->file_count; i++)
		free(x->files[i].path);
	free(x->files);
	free(x->sections);
	free(x);
}

static int by_key(const void *a, const void *b)
{
	const struct section *x = a, *y = b;
	int c = strcmp(x->game_id, y->game_id);

	return c ? c : (x->seat > y->seat) - (x->seat < y->seat);
}

static const struct section *find(const struct words_index *x,
				  const char *game_id, int seat)
{
	struct section key = {.seat = seat};

	snprintf(key.game_id, sizeof key.game_id, "%s", game_id);
	return x->count ? bsearch(&key, x->sections, x->count, sizeof key, by_key)
			: NULL;
}

/* Sorts the sections by game and seat and keeps one of each, with how
 * many sections claimed it. */
static void index_sort(struct words_index *x)
{
	size_t kept = 0;

	/* No sections: no array either, which qsort may not be given. */
	if (x->count)
		qsort(x->sections, x->count, sizeof *x->sections, by_key);
	for (size_t i = 0; i < x->count; i++) {
		if (kept && !by_key(&x->sections[kept - 1], &x->sections[i])) {
			x->sections[kept - 1].claims += x->sections[i].claims;
			free(x->sections[i].path);
			continue;
		}
		x->sections[kept++] = x->sections[i];
	}
	x->count = kept;
}

/* Notes the section the game's mark `line` opens. */
static struct section *open_section(struct words_index *x, const struct stderr_line *line,
				    const char *path, bool marked)
{
	struct section s = {.mark = line->at, .start = line->next, .end = -1, .claims = 1,
			    .marked = marked};
	unsigned long game;
	int n = 0;

	if (sscanf(line->text, STDERR_MARK_GAME "%lu (game_id %32[0-9a-f]), seat %d,%n",
		   &game, s.game_id, &s.seat, &n) != 3 || !n ||
	    strlen(s.game_id) != 32)
		return NULL;
	s.path = xstrdup(path);
	x->sections = xrealloc(x->sections, (x->count + 1) * sizeof *x->sections);
	x->sections[x->count] = s;
	return &x->sections[x->count++];
}

/* Whether `path` was read by `x`: its place in x->files, else -1. */
static long path_index(const struct words_index *x, const char *path)
{
	for (size_t i = 0; i < x->file_count; i++)
		if (!strcmp(x->files[i].path, path))
			return (long)i;
	return -1;
}

/* Notes the sections of one file from byte `from` (a mark line's, or
 * 0), after which a referee's line came before when `marked`, unsorted;
 * a file read before is not read again. */
static void index_file_from(struct words_index *x, const char *path, long from, bool marked)
{
	struct stderr_reader *r;
	struct stderr_line line;
	size_t open = SIZE_MAX, i = x->file_count;
	long at = from, end = from;

	if (path_index(x, path) >= 0)
		return;
	x->files = xrealloc(x->files, (i + 1) * sizeof *x->files);
	x->files[i] = (struct file_read){xstrdup(path), from, marked};
	x->file_count++;
	if (!(r = stderr_read_open(path, from, -1, marked)))
		return;
	while (stderr_read_next(r, &line)) {
		if (line.kind == STDERR_GAME) {
			if (open != SIZE_MAX)
				x->sections[open].end = line.at;
			open = open_section(x, &line, path, stderr_read_marked(r))
			       ? x->count - 1 : SIZE_MAX;
		}
		/* A line still being written is read again whole by a newer index. */
		at = line.whole ? line.next : line.at;
		end = line.next;
		if (line.whole)
			x->files[i].marked = stderr_read_marked(r);
	}
	if (open != SIZE_MAX) {
		x->sections[open].end = end;
		x->sections[open].at_end = true;
	}
	x->files[i].read = at;
	stderr_read_close(r);
}

static bool ends_with(const char *name, const char *suffix)
{
	size_t len = strlen(name), slen = strlen(suffix);

	return len > slen && !strcmp(name + len - slen, suffix);
}

/* Where a newer index of `x`'s file `path` starts reading: at its last
 * section's mark, if the file's end cut that section, else where `x`
 * stopped (0: a file `x` has not read); in *marked, whether a referee's
 * line came before. */
static long read_from(const struct words_index *x, const char *path, bool *marked)
{
	long i = path_index(x, path), from = i >= 0 ? x->files[i].read : 0;

	*marked = i >= 0 && x->files[i].marked;
	for (size_t k = 0; k < x->count; k++)
		if (x->sections[k].at_end && !strcmp(x->sections[k].path, path)) {
			from = x->sections[k].mark;
			*marked = x->sections[k].marked;
		}
	return from;
}

/* Notes the sections of every *.stderr file of folder `dir`, unsorted,
 * each read from where index `older` stopped in it (all of it without
 * one, read_from()). */
static void index_folder(struct words_index *x, const char *dir,
			 const struct words_index *older)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (ends_with(e->d_name, ".stderr")) {
			char *path = path_join(dir, e->d_name);
			bool marked = false;
			long from = older ? read_from(older, path, &marked) : 0;

			index_file_from(x, path, from, marked);
			free(path);
		}
	if (d)
		closedir(d);
}

void words_index_add_folder(struct words_index *x, const char *dir)
{
	index_folder(x, dir, NULL);
	index_sort(x);
}

bool words_index_settled(const struct words_index *x, const char *game_id, int seats)
{
	for (int s = 0; s < seats; s++) {
		const struct section *found = find(x, game_id, s);

		if (!found || found->at_end)
			return false;
	}
	return true;
}

struct words_index *words_index_newer(const struct words_index *x, const char *dir,
				      const char *game_id)
{
	struct words_index *y = words_index_new();

	for (size_t i = 0; i < x->count; i++)
		if (!strcmp(x->sections[i].game_id, game_id) && !x->sections[i].at_end) {
			struct section s = x->sections[i];

			s.path = xstrdup(s.path);
			y->sections = xrealloc(y->sections, (y->count + 1) * sizeof *y->sections);
			y->sections[y->count++] = s;
		}
	index_folder(y, dir, x);
	index_sort(y);
	return y;
}

/* Whether folder `dir`'s own name is `name`. */
static bool named(const char *dir, const char *name)
{
	const char *slash = strrchr(dir, '/');

	return !strcmp(slash ? slash + 1 : dir, name);
}

/* Adds TOP/stderr, where TOP is the folder `dir` lies in. */
static void add_stderr_beside(struct words_index *x, const char *dir)
{
	char *top = path_parent(dir), *stderr_dir = path_join(top, "stderr");

	words_index_add_folder(x, stderr_dir);
	free(stderr_dir);
	free(top);
}

void words_index_add_near(struct words_index *x, const char *log_path)
{
	char *dir = path_parent(log_path), *runs = path_parent(dir);

	words_index_add_folder(x, dir);
	if (named(dir, "games"))
		add_stderr_beside(x, dir);
	else if (named(runs, "runs"))
		add_stderr_beside(x, runs);
	free(runs);
	free(dir);
}

/* The bot's line `l` as shown: its text, or when it is longer than
 * STDERR_LINE_BYTES its text cut (on a character's first byte) and the
 * bytes left out said after it, in `out`. */
static const char *shown_text(const struct stderr_line *l, char out[STDERR_LINE_BYTES + 40])
{
	size_t len;

	if (l->length <= STDERR_LINE_BYTES)
		return l->text;
	len = strlen(l->text);
	memcpy(out, l->text, len);
	while (len && ((unsigned char)out[len - 1] & 0xc0) == 0x80)
		len--;
	if (len && (unsigned char)out[len - 1] >= 0xc0)
		len--;
	snprintf(out + len, 40, " [%zu bytes left out]", l->length - len);
	return out;
}

/* Adds a line {"move", "text"} to `lines`. */
static void add_line(cJSON *lines, int move, const char *text)
{
	cJSON *line = cJSON_CreateObject();

	cJSON_AddNumberToObject(line, "move", move);
	cJSON_AddStringToObject(line, "text", text);
	cJSON_AddItemToArray(lines, line);
}

/* The kept lines `k` as {"move", "text"} objects, in order, with a line
 * "[N lines left out]" where lines were left out. */
static cJSON *kept_lines(const struct stderr_kept *k)
{
	cJSON *lines = cJSON_CreateArray();

	for (int i = 0; i < k->heads; i++)
		add_line(lines, k->head[i].move, k->head[i].text);
	if (stderr_kept_left_out(k)) {
		char said[64];

		snprintf(said, sizeof said, "[%ld lines left out]", stderr_kept_left_out(k));
		add_line(lines, k->gap_move, said);
	}
	for (int i = 0; i < stderr_kept_tail_count(k); i++)
		add_line(lines, stderr_kept_tail(k, i)->move, stderr_kept_tail(k, i)->text);
	return lines;
}

/* The bot's lines of `game_id` and `seat`'s section, in order: {"move": N
 * (0 before its first move, -1 after its last), "text"}, the referee's
 * marks of its moves read and left out; its first REPLAY_HEAD_LINES and
 * last REPLAY_TAIL_LINES (replay_words.h).  NULL when there is no
 * section, or more than one claims it. */
static cJSON *section_lines(const struct words_index *x, const char *game_id,
			    int seat)
{
	const struct section *s = x ? find(x, game_id, seat) : NULL;
	struct stderr_reader *r;
	struct stderr_line line;
	struct stderr_kept k;
	char text[STDERR_LINE_BYTES + 40];
	int move = 0;
	cJSON *lines;

	if (!s || s->claims > 1 || s->end < s->start ||
	    !(r = stderr_read_open(s->path, s->start, s->end, s->marked)))
		return NULL;
	stderr_kept_init(&k, REPLAY_HEAD_LINES, REPLAY_TAIL_LINES);
	while (stderr_read_next(r, &line)) {
		if (line.kind == STDERR_MOVE)
			move = line.move;
		else if (line.kind == STDERR_END)
			move = -1;
		else if (line.kind == STDERR_BOT)
			stderr_kept_add(&k, move, shown_text(&line, text));
	}
	stderr_read_close(r);
	lines = kept_lines(&k);
	stderr_kept_free(&k);
	return lines;
}

/* The step of seat `seat`'s action of move `move`, or NULL. */
static cJSON *action_step(const cJSON *steps, int move, int seat)
{
	cJSON *step;

	cJSON_ArrayForEach(step, steps)
		if (json_member(step, "action") && replay_int(step, "move", 0) == move &&
		    replay_int(step, "seat", -1) == seat)
			return step;
	return NULL;
}

/* Each line of a move to the step of that move (the lines come in the
 * order of their moves: a move's step is looked up once). */
static void add_move_lines(const cJSON *steps, const cJSON *lines, int seat)
{
	const cJSON *line;
	cJSON *step = NULL;
	int step_move = 0;

	cJSON_ArrayForEach(line, lines) {
		int move = replay_int(line, "move", 0);
		cJSON *list;

		if (move != step_move) {
			step_move = move;
			step = move > 0 ? action_step(steps, move, seat) : NULL;
		}

		if (!step)
			continue;
		if (!(list = json_member(step, "stderr")))
			list = cJSON_AddArrayToObject(step, "stderr");
		cJSON_AddItemToArray(list, cJSON_Duplicate(json_member(line, "text"), true));
	}
}

/* A line as the last words show it: "[move N] text" (or [start], [end]). */
static cJSON *told_line(const cJSON *line)
{
	int move = replay_int(line, "move", 0);
	const char *text = cJSON_GetStringValue(json_member(line, "text"));
	char *told = move > 0 ? xasprintf("[move %d] %s", move, text ? text : "")
			      : xasprintf("%s %s", move ? "[end]" : "[start]", text ? text : "");
	cJSON *item = cJSON_CreateString(told);

	free(told);
	return item;
}

/* The forfeit step's "last_words": the seat's last info before it, and
 * its last REPLAY_LAST_LINES lines of the game as written (stamps kept). */
static void add_last_words(const cJSON *steps, cJSON *forfeit_step,
			   const cJSON *lines)
{
	int seat = replay_int(forfeit_step, "seat", -1), count = cJSON_GetArraySize(lines);
	const char *info = NULL;
	cJSON *words, *tail;
	const cJSON *step;

	cJSON_ArrayForEach(step, steps) {
		if (step == forfeit_step)
			break;
		if (replay_int(step, "seat", -1) == seat &&
		    cJSON_GetStringValue(json_member(step, "info")))
			info = cJSON_GetStringValue(json_member(step, "info"));
	}
	if (!info && !count)
		return;
	words = cJSON_AddObjectToObject(forfeit_step, "last_words");
	if (info)
		cJSON_AddStringToObject(words, "info", info);
	tail = cJSON_AddArrayToObject(words, "stderr");
	for (int i = count > REPLAY_LAST_LINES ? count - REPLAY_LAST_LINES : 0; i < count; i++)
		cJSON_AddItemToArray(tail, told_line(cJSON_GetArrayItem(lines, i)));
}

void replay_words_add(cJSON *doc, const struct words_index *x)
{
	const char *game_id = cJSON_GetStringValue(json_member(doc, "game_id"));
	const cJSON *steps = json_member(doc, "steps");
	int seats = cJSON_GetArraySize(json_member(doc, "players"));
	cJSON *step;

	for (int s = 0; s < seats; s++) {
		cJSON *lines = game_id ? section_lines(x, game_id, s) : NULL;

		if (lines)
			add_move_lines(steps, lines, s);
		cJSON_ArrayForEach(step, steps)
			if (json_member(step, "forfeit") && replay_int(step, "seat", -1) == s)
				add_last_words(steps, step, lines);
		cJSON_Delete(lines);
	}
}

void replay_words_near(cJSON *doc, const char *log_path)
{
	struct words_index *x = words_index_new();

	words_index_add_near(x, log_path);
	replay_words_add(doc, x);
	words_index_free(x);
}
