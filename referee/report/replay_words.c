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
#include <sys/types.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "bot/stderr_marks.h"
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
};

struct words_index {
	struct section *sections; /* by game_id and seat, once each */
	size_t count;
	char **paths;             /* the files read */
	long *read;               /* by file: the bytes read of it */
	size_t path_count;
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
	for (size_t i = 0; i < x->path_count; i++)
		free(x->paths[i]);
	free(x->paths);
	free(x->read);
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

/* Notes the section a mark line at `mark` opens at `start`. */
static struct section *open_section(struct words_index *x, const char *line,
				    const char *path, long mark, long start)
{
	struct section s = {.mark = mark, .start = start, .end = -1, .claims = 1};
	unsigned long game;
	int n = 0;

	if (sscanf(line, STDERR_MARK_GAME "%lu (game_id %32[0-9a-f]), seat %d,%n",
		   &game, s.game_id, &s.seat, &n) != 3 || !n ||
	    strlen(s.game_id) != 32)
		return NULL;
	s.path = xstrdup(path);
	x->sections = xrealloc(x->sections, (x->count + 1) * sizeof *x->sections);
	x->sections[x->count] = s;
	return &x->sections[x->count++];
}

/* Notes the sections of one file from byte `from` (a mark line's, or
 * 0), unsorted; a file read before is not read again. */
static void index_file_from(struct words_index *x, const char *path, long from)
{
	FILE *in;
	size_t open = SIZE_MAX, cap = 0;
	char *line = NULL;
	ssize_t len = 0;
	long at = from, last = from;

	for (size_t i = 0; i < x->path_count; i++)
		if (!strcmp(x->paths[i], path))
			return;
	x->paths = xrealloc(x->paths, (x->path_count + 1) * sizeof *x->paths);
	x->read = xrealloc(x->read, (x->path_count + 1) * sizeof *x->read);
	x->paths[x->path_count] = xstrdup(path);
	x->read[x->path_count++] = from;
	if (!(in = fopen(path, "re")))
		return;
	if (fseek(in, from, SEEK_SET))
		at = 0;
	while ((len = getline(&line, &cap, in)) > 0) {
		if (!strncmp(line, STDERR_MARK_GAME, strlen(STDERR_MARK_GAME))) {
			if (open != SIZE_MAX)
				x->sections[open].end = at;
			open = open_section(x, line, path, at, at + len)
			       ? x->count - 1 : SIZE_MAX;
		}
		last = at;
		at += len;
	}
	if (open != SIZE_MAX) {
		x->sections[open].end = at;
		x->sections[open].at_end = true;
	}
	/* A line still being written is read again whole by a newer index. */
	x->read[x->path_count - 1] = at > from && line[at - last - 1] != '\n' ? last : at;
	free(line);
	fclose(in);
}

void words_index_add_file(struct words_index *x, const char *path)
{
	index_file_from(x, path, 0);
	index_sort(x);
}

static bool ends_with(const char *name, const char *suffix)
{
	size_t len = strlen(name), slen = strlen(suffix);

	return len > slen && !strcmp(name + len - slen, suffix);
}

/* Where a newer index of `x`'s file `path` starts reading: at its last
 * section's mark, if the file's end cut that section, else where `x`
 * stopped (0: a file `x` has not read). */
static long read_from(const struct words_index *x, const char *path)
{
	long from = 0;

	for (size_t i = 0; i < x->path_count; i++)
		if (!strcmp(x->paths[i], path))
			from = x->read[i];
	for (size_t i = 0; i < x->count; i++)
		if (x->sections[i].at_end && !strcmp(x->sections[i].path, path))
			from = x->sections[i].mark;
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

			index_file_from(x, path, older ? read_from(older, path) : 0);
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

/* The text of `game_id` and `seat`'s section, in a new string, or NULL
 * when there is none, or more than one claims it. */
static char *section_text(const struct words_index *x, const char *game_id,
			  int seat)
{
	const struct section *s = x ? find(x, game_id, seat) : NULL;
	FILE *in;
	char *text;
	size_t len;

	if (!s || s->claims > 1 || s->end < s->start ||
	    !(in = fopen(s->path, "re")))
		return NULL;
	len = (size_t)(s->end - s->start);
	text = xmalloc(len + 1);
	len = fseek(in, s->start, SEEK_SET) ? 0 : fread(text, 1, len, in);
	fclose(in);
	text[len] = '\0';
	return text;
}

/* The bot's lines of a section, in order: {"move": N (0 before its first
 * move, -1 after its last), "text"}, the referee's marks of its moves
 * read and left out. */
static cJSON *section_lines(const struct words_index *x, const char *game_id,
			    int seat)
{
	char *text = section_text(x, game_id, seat);
	cJSON *lines;
	int move = 0, n;

	if (!text)
		return NULL;
	lines = cJSON_CreateArray();
	for (char *p = text, *nl; *p; p = nl ? nl + 1 : p + strlen(p)) {
		cJSON *line;

		if ((nl = strchr(p, '\n')))
			*nl = '\0';
		if (sscanf(p, STDERR_MARK_MOVE_FORMAT, &n) == 1 && n > 0) {
			move = n;
			continue;
		}
		if (!strcmp(p, STDERR_MARK_END)) {
			move = -1;
			continue;
		}
		line = cJSON_CreateObject();
		cJSON_AddNumberToObject(line, "move", move);
		cJSON_AddStringToObject(line, "text", p);
		cJSON_AddItemToArray(lines, line);
	}
	free(text);
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

/* Each line of a move to the step of that move. */
static void add_move_lines(const cJSON *steps, const cJSON *lines, int seat)
{
	const cJSON *line;

	cJSON_ArrayForEach(line, lines) {
		int move = replay_int(line, "move", 0);
		cJSON *step = move > 0 ? action_step(steps, move, seat) : NULL, *list;

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
	char stamp[32];
	char *told;
	cJSON *item;

	if (move > 0)
		snprintf(stamp, sizeof stamp, "[move %d]", move);
	else
		snprintf(stamp, sizeof stamp, "%s", move ? "[end]" : "[start]");
	told = xmalloc(strlen(stamp) + strlen(text ? text : "") + 2);
	sprintf(told, "%s %s", stamp, text ? text : "");
	item = cJSON_CreateString(told);
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
