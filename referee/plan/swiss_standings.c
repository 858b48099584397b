/*
 * A Swiss run's standings; see swiss_standings.h.  Everything is read off
 * the plan that swiss_plan() replays from the run's results (its pairs,
 * byes, scores, Buchholz and each pairing's outcome), so the standings are
 * those the pairings were made from.
 */
#include "swiss_standings.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "base/visible.h"

/* Whether bot a stands above bot b: by score, then Buchholz, then
 * pairing number. */
static bool above(const struct swiss_plan *p, int a, int b)
{
	if (p->score[a] != p->score[b])
		return p->score[a] > p->score[b];
	if (p->buchholz[a] != p->buchholz[b])
		return p->buchholz[a] > p->buchholz[b];
	return a < b;
}

/* Whether every pairing of round `round` has its result (an empty board,
 * of bots left out by --skip-broken, has none to wait for). */
static bool round_done(const struct swiss_plan *plan, int round)
{
	for (int i = 0; i < plan->boards; i++)
		if (plan->outcome[round * plan->boards + i] < 0 &&
		    plan->pairs[round * plan->boards + i][0] >= 0)
			return false;
	return true;
}

/* Bot `bot`'s round `round` as JSON. */
static cJSON *round_json(const struct swiss_plan *plan, int round, int bot,
			 char *const *names)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "round", round + 1);
	if (plan->bye[round] == bot) {
		cJSON_AddBoolToObject(o, "bye", true);
		if (round_done(plan, round))
			cJSON_AddNumberToObject(o, "result", 1);
		else
			cJSON_AddNullToObject(o, "result");
		return o;
	}
	for (int i = 0; i < plan->boards; i++) {
		const int *p = plan->pairs[round * plan->boards + i];
		int outcome = plan->outcome[round * plan->boards + i], seat;

		if (p[0] != bot && p[1] != bot)
			continue;
		seat = p[0] == bot ? 0 : 1;
		cJSON_AddStringToObject(o, "opponent", names[p[1 - seat]]);
		cJSON_AddNumberToObject(o, "seat", seat + 1);
		if (outcome < 0)
			cJSON_AddNullToObject(o, "result");
		else
			cJSON_AddNumberToObject(o, "result", (seat ? 2 - outcome : outcome) / 2.0);
	}
	return o;
}

cJSON *swiss_standings_json(const char *event, const struct swiss_field *field,
			    const struct swiss_plan *plan, char *const *names)
{
	cJSON *root = cJSON_CreateObject(), *list, *out = NULL;
	int *order = xmalloc((size_t)field->bots * sizeof *order), done = 0, ranked = 0;

	while (done < plan->paired && round_done(plan, done))
		done++;
	cJSON_AddStringToObject(root, "event", event ? event : "");
	cJSON_AddNumberToObject(root, "rounds", field->rounds);
	cJSON_AddNumberToObject(root, "rounds_done", done);
	list = cJSON_AddArrayToObject(root, "standings");
	/* The bots left out (--skip-broken) were paired in no round: named
	 * apart, not ranked. */
	for (int b = 0; field->absent && b < field->bots; b++)
		if (field->absent[b])
			cJSON_AddItemToArray(out ? out : (out = cJSON_AddArrayToObject(root, "left_out")),
					     cJSON_CreateString(names[b]));
	/* Insertion sort: fields are small. */
	for (int b = 0; b < field->bots; b++) {
		int j = ranked;

		if (field->absent && field->absent[b])
			continue;
		ranked++;

		while (j > 0 && above(plan, b, order[j - 1])) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = b;
	}
	for (int k = 0; k < ranked; k++) {
		int b = order[k];
		cJSON *row = cJSON_CreateObject(), *rounds;

		cJSON_AddNumberToObject(row, "rank", k + 1);
		cJSON_AddStringToObject(row, "bot", names[b]);
		cJSON_AddNumberToObject(row, "points", plan->score[b] / 2.0);
		cJSON_AddNumberToObject(row, "buchholz", plan->buchholz[b] / 2.0);
		rounds = cJSON_AddArrayToObject(row, "rounds");
		for (int r = 0; r < plan->paired; r++)
			cJSON_AddItemToArray(rounds, round_json(plan, r, b, names));
		cJSON_AddItemToArray(list, row);
	}
	free(order);
	return root;
}

/* Half points as "5½", "½" or "5". */
static void half_points(double points, char *buf, size_t len)
{
	int half = (int)(points * 2 + 0.5);

	if (half % 2 == 0)
		snprintf(buf, len, "%d", half / 2);
	else if (half == 1)
		snprintf(buf, len, "\u00bd");
	else
		snprintf(buf, len, "%d\u00bd", half / 2);
}

/* A round's cell: "+b5 (1)", "=b1 (2)", "-b2 (1)", "bye", "?b4 (2)". */
static char *round_text(const cJSON *round)
{
	const cJSON *result = cJSON_GetObjectItemCaseSensitive(round, "result");
	const char *opponent = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(round, "opponent"));
	char *shown, *text;
	char mark = '?';

	if (!opponent)
		return xstrdup(cJSON_IsNumber(result) ? "bye" : "bye?");
	if (cJSON_IsNumber(result))
		mark = result->valuedouble > 0.75 ? '+' : result->valuedouble > 0.25 ? '=' : '-';
	shown = visible_text(opponent, VISIBLE_LINE);
	text = xasprintf("%c%s (%d)", mark, shown,
			 cJSON_GetObjectItemCaseSensitive(round, "seat")->valueint);
	free(shown);
	return text;
}

/* Columns on the screen of UTF-8 text (each "½" two bytes, one column). */
static int columns(const char *text)
{
	int n = 0;

	for (; *text; text++)
		n += ((unsigned char)*text & 0xc0) != 0x80;
	return n;
}

/* Prints a cell of `width` columns after `*pad` spaces owed by the cell
 * before it; a left-aligned cell owes its own padding to the next, so no
 * line ends in spaces. */
static void print_cell(FILE *out, const char *text, int width, bool right, int *pad)
{
	int space = width - columns(text);

	fprintf(out, "%*s%s", *pad + (right ? space : 0), "", text);
	*pad = right ? 0 : space;
}

/* The widths of the bot column and of a round's cell. */
static void widths(const cJSON *list, int *name_width, int *cell_width)
{
	const cJSON *row, *round;

	*name_width = 3;
	*cell_width = 7;
	cJSON_ArrayForEach(row, list) {
		char *name = visible_text(cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(row, "bot")), VISIBLE_LINE);

		*name_width = columns(name) > *name_width ? columns(name) : *name_width;
		free(name);
		cJSON_ArrayForEach(round, cJSON_GetObjectItemCaseSensitive(row, "rounds")) {
			char *text = round_text(round);

			*cell_width = columns(text) > *cell_width ? columns(text) : *cell_width;
			free(text);
		}
	}
}

/* One bot's line. */
static void print_row(FILE *out, const cJSON *row, int done, int name_width,
		      int cell_width)
{
	const cJSON *round;
	char points[32], text[48];
	char *name = visible_text(cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(row, "bot")), VISIBLE_LINE);
	int pad = 0;

	half_points(cJSON_GetObjectItemCaseSensitive(row, "points")->valuedouble,
		    points, sizeof points);
	snprintf(text, sizeof text, "%s/%d", points, done);
	fprintf(out, "%4d  ", cJSON_GetObjectItemCaseSensitive(row, "rank")->valueint);
	print_cell(out, name, name_width, false, &pad);
	pad++;
	print_cell(out, text, 7, true, &pad);
	fprintf(out, " %9.1f", cJSON_GetObjectItemCaseSensitive(row, "buchholz")->valuedouble);
	free(name);
	cJSON_ArrayForEach(round, cJSON_GetObjectItemCaseSensitive(row, "rounds")) {
		char *cell = round_text(round);

		pad += 2;
		print_cell(out, cell, cell_width, false, &pad);
		free(cell);
	}
	fputc('\n', out);
}

/* The bots --skip-broken left out, on a line of their own, if any. */
static void print_left_out(FILE *out, const cJSON *left_out)
{
	const cJSON *name;
	const char *sep = "";

	if (!cJSON_GetArraySize(left_out))
		return;
	fprintf(out, "left out by --skip-broken, paired in no round: ");
	cJSON_ArrayForEach(name, left_out) {
		char *shown = visible_text(cJSON_GetStringValue(name), VISIBLE_LINE);

		fprintf(out, "%s%s", sep, shown);
		free(shown);
		sep = ", ";
	}
	fputc('\n', out);
}

void swiss_standings_print(FILE *out, const cJSON *standings)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(standings, "standings"), *row;
	const char *event = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(standings, "event"));
	int rounds = cJSON_GetObjectItemCaseSensitive(standings, "rounds")->valueint;
	int done = cJSON_GetObjectItemCaseSensitive(standings, "rounds_done")->valueint;
	int paired = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetArrayItem(list, 0), "rounds"));
	int name_width, cell_width, pad = 0;
	char *shown = visible_text(event ? event : "", VISIBLE_LINE);

	fprintf(out, "Swiss standings%s%s after %d of %d rounds\n", *shown ? " of " : "",
		shown, done, rounds);
	free(shown);
	widths(list, &name_width, &cell_width);
	fprintf(out, "%4s  ", "rank");
	print_cell(out, "bot", name_width, false, &pad);
	fprintf(out, "%*s %9s", pad + 8, "points", "Buchholz");
	pad = 0;
	for (int r = 0; r < paired; r++) {
		char head[32];

		snprintf(head, sizeof head, "round %d", r + 1);
		pad += 2;
		print_cell(out, head, cell_width, false, &pad);
	}
	fputc('\n', out);
	cJSON_ArrayForEach(row, list)
		print_row(out, row, done, name_width, cell_width);
	print_left_out(out, cJSON_GetObjectItemCaseSensitive(standings, "left_out"));
}
