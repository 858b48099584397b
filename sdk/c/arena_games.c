/*
 * The game helpers of the C bot SDK (arena_games.h): the same rules as
 * the referee's games (referee/games/dice.c, rolit.c, black_pot_moves.c)
 * and the Python and JavaScript helpers, written again over plain arrays
 * so that a bot can look ahead without the referee.  The views are read
 * with cJSON and checked field by field; nothing is allocated.
 */
#include "arena_games.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Reading views ---- */

/* An integral JSON number in [min, max]. */
static int json_long(const cJSON *item, long min, long max, long *out)
{
	double v;

	if (!cJSON_IsNumber(item))
		return -1;
	v = item->valuedouble;
	if (!(v >= (double)min && v <= (double)max) || v != (double)(long)v)
		return -1;
	*out = (long)v;
	return 0;
}

static int field_long(const cJSON *obj, const char *key, long min, long max,
		      long *out)
{
	return json_long(cJSON_GetObjectItemCaseSensitive(obj, key), min, max,
			 out);
}

static int field_int(const cJSON *obj, const char *key, int min, int max,
		     int *out)
{
	long v;

	if (field_long(obj, key, min, max, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* An array of at most `room` integers in [min, max]: how many, or -1. */
static int json_longs(const cJSON *array, long min, long max, long *out,
		      int room)
{
	const cJSON *item;
	int n = 0;

	if (!cJSON_IsArray(array) || cJSON_GetArraySize(array) > room)
		return -1;
	cJSON_ArrayForEach(item, array)
		if (json_long(item, min, max, &out[n++]) < 0)
			return -1;
	return n;
}

static int field_ints(const cJSON *obj, const char *key, int min, int max,
		      int *out, int room)
{
	long v[ARENA_DICE_SEATS + ARENA_DICE_MAX];
	int n = json_longs(cJSON_GetObjectItemCaseSensitive(obj, key), min,
			   max, v, room);

	for (int i = 0; i < n; i++)
		out[i] = (int)v[i];
	return n;
}

/* ---- The dice games ---- */

static long dice_triple(int face)
{
	return face == 1 ? 1000 : 100L * face;
}

/* k >= 3 dice of one face as one group, or 0 if the rules have none. */
static long dice_kind(enum arena_dice_variant v, int face, int k)
{
	switch (v) {
	case ARENA_BOLO:        /* each further die doubles the set */
		return dice_triple(face) << (k - 3);
	case ARENA_BOLO5:
		if (k == 5)
			return face == 1 ? 10000 : 5000;
		return k == 4 ? 2 * dice_triple(face) : dice_triple(face);
	default:
		return k == 3 ? dice_triple(face) : 0;
	}
}

static long dice_best(enum arena_dice_variant v, int count[7]);

/* Takes group out of count and keeps value + the best of the rest in
 * *best if that is better. */
static void dice_attempt(enum arena_dice_variant v, int count[7],
			 const int group[7], long value, long *best)
{
	long rest;

	for (int f = 1; f <= 6; f++)
		if (count[f] < group[f])
			return;
	for (int f = 1; f <= 6; f++)
		count[f] -= group[f];
	rest = dice_best(v, count);
	for (int f = 1; f <= 6; f++)
		count[f] += group[f];
	if (rest >= 0 && value + rest > *best)
		*best = value + rest;
}

/* The best split of count[1..6] into groups, or -1 when a die that scores
 * nothing is left: every group holding the lowest face is tried. */
static long dice_best(enum arena_dice_variant v, int count[7])
{
	long best = -1;
	int low = 1;

	while (low <= 6 && !count[low])
		low++;
	if (low > 6)
		return 0;
	if (low == 1 || low == 5) {
		int group[7] = { 0 };

		group[low] = 1;
		dice_attempt(v, count, group, low == 1 ? 100 : 50, &best);
	}
	for (int k = 3; k <= count[low]; k++) {
		int group[7] = { 0 };
		long value = dice_kind(v, low, k);

		group[low] = k;
		if (value)
			dice_attempt(v, count, group, value, &best);
	}
	if (v == ARENA_BOLO && low == 1) {
		static const int run[7] = { 0, 1, 1, 1, 1, 1, 1 };

		dice_attempt(v, count, run, 1500, &best);
	}
	if (v == ARENA_BOLO5 && low <= 2) {
		int run[7] = { 0 };

		for (int f = low; f < low + 5; f++)
			run[f] = 1;
		dice_attempt(v, count, run, 1000, &best);
	}
	if (v == ARENA_BOLO5) {         /* full house: a triple and a pair */
		for (int f = low + 1; f <= 6; f++) {
			int group[7] = { 0 };

			group[low] = 3;
			group[f] = 2;
			dice_attempt(v, count, group, 500, &best);
			group[low] = 2;
			group[f] = 3;
			dice_attempt(v, count, group, 500, &best);
		}
	}
	return best;
}

/* count[f] = how many of faces show f; -1 for a bad set of dice. */
static int dice_counts(const int *faces, int n, int count[7])
{
	memset(count, 0, 7 * sizeof *count);
	if (n < 0 || n > ARENA_DICE_MAX || (n && !faces))
		return -1;
	for (int i = 0; i < n; i++) {
		if (faces[i] < 1 || faces[i] > 6)
			return -1;
		count[faces[i]]++;
	}
	return 0;
}

int arena_dice_variant_parse(const char *game, enum arena_dice_variant *v)
{
	static const char *const names[] = { "bolo", "bolo5", "volle-lotte" };

	for (int i = 0; i < 3; i++)
		if (game && strcmp(game, names[i]) == 0) {
			*v = (enum arena_dice_variant)i;
			return 0;
		}
	return -1;
}

long arena_dice_value(enum arena_dice_variant v, const int *faces,
		      int count)
{
	int c[7];

	if (dice_counts(faces, count, c) < 0)
		return -1;
	return dice_best(v, c);
}

/* Fewest dice first, then by the sorted faces. */
static int keep_compare(const void *pa, const void *pb)
{
	const struct arena_keep *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count - b->count;
	for (int i = 0; i < a->count; i++)
		if (a->faces[i] != b->faces[i])
			return a->faces[i] - b->faces[i];
	return 0;
}

int arena_dice_keeps(enum arena_dice_variant v, const int *roll, int count,
		     struct arena_keep *out, int max)
{
	struct arena_keep keeps[ARENA_KEEPS_MAX];
	int have[7], sub[7] = { 0 }, n = 0;

	if (dice_counts(roll, count, have) < 0)
		return -1;
	/* Every sub-multiset, as an odometer over the counts of each face. */
	for (;;) {
		int f = 1, tried[7];
		long points;

		while (f <= 6 && sub[f] == have[f])
			sub[f++] = 0;
		if (f > 6)
			break;
		sub[f]++;
		memcpy(tried, sub, sizeof tried);
		points = dice_best(v, tried);
		if (points < 0)
			continue;
		keeps[n] = (struct arena_keep){ .points = points };
		for (int g = 1; g <= 6; g++)
			for (int i = 0; i < sub[g]; i++)
				keeps[n].faces[keeps[n].count++] = g;
		n++;
	}
	qsort(keeps, (size_t)n, sizeof *keeps, keep_compare);
	for (int i = 0; i < n && i < max; i++)
		out[i] = keeps[i];
	return n;
}

/* One element of "keeps": {"keep": [faces], "points": n}. */
static int keep_read(const cJSON *item, struct arena_keep *k)
{
	k->count = field_ints(item, "keep", 1, 6, k->faces, ARENA_DICE_MAX);
	if (k->count < 0)
		return -1;
	return field_long(item, "points", 0, 1000000000L, &k->points);
}

int arena_dice_view_read(const cJSON *state, struct arena_dice_view *out)
{
	const cJSON *keeps, *item;

	memset(out, 0, sizeof *out);
	out->you = -1;
	if (!cJSON_IsObject(state) ||
	    field_int(state, "players", 1, ARENA_DICE_SEATS, &out->players) ||
	    field_int(state, "to_move", -1, ARENA_DICE_SEATS - 1,
		      &out->to_move) ||
	    json_longs(cJSON_GetObjectItemCaseSensitive(state, "scores"), 0,
		       1000000000L, out->scores, ARENA_DICE_SEATS) !=
		    out->players ||
	    field_long(state, "turn_total", 0, 1000000000L,
		       &out->turn_total) ||
	    field_int(state, "dice_left", 0, ARENA_DICE_MAX, &out->dice_left))
		return -1;
	if (cJSON_HasObjectItem(state, "you") &&
	    field_int(state, "you", 0, out->players - 1, &out->you))
		return -1;
	if (cJSON_HasObjectItem(state, "target") &&
	    field_long(state, "target", 0, 1000000000L, &out->target))
		return -1;
	out->forfeited_count = field_ints(state, "forfeited", 0,
					  out->players - 1, out->forfeited,
					  ARENA_DICE_SEATS);
	out->set_aside_count = field_ints(state, "set_aside", 1, 6,
					  out->set_aside, ARENA_DICE_MAX);
	out->roll_count = field_ints(state, "roll", 1, 6, out->roll,
				     ARENA_DICE_MAX);
	keeps = cJSON_GetObjectItemCaseSensitive(state, "keeps");
	if (out->forfeited_count < 0 || out->set_aside_count < 0 ||
	    out->roll_count < 0 || !cJSON_IsArray(keeps) ||
	    cJSON_GetArraySize(keeps) > ARENA_KEEPS_MAX)
		return -1;
	cJSON_ArrayForEach(item, keeps)
		if (keep_read(item, &out->keeps[out->keep_count++]) < 0)
			return -1;
	return 0;
}

/* ---- Rolit ---- */

static const int directions[8][2] = {
	{ -1, -1 }, { -1, 0 }, { -1, 1 }, { 0, -1 },
	{ 0, 1 }, { 1, -1 }, { 1, 0 }, { 1, 1 },
};

static const char *const colour_names[4] = { "red", "yellow", "green",
					     "blue" };

char arena_rolit_letter(const char *colour)
{
	for (int i = 0; colour && i < 4; i++)
		if (strcmp(colour, colour_names[i]) == 0 ||
		    (colour[0] == "RYGB"[i] && !colour[1]))
			return "RYGB"[i];
	return 0;
}

static int is_letter(char colour)
{
	return colour && strchr("RYGB", colour);
}

int arena_rolit_read(const cJSON *state, struct arena_rolit *r)
{
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(state, "board");
	const cJSON *colours = cJSON_GetObjectItemCaseSensitive(state,
								"colours");
	const cJSON *item;
	int row = 0;

	memset(r, 0, sizeof *r);
	if (!cJSON_IsObject(state) ||
	    field_int(state, "size", 1, ARENA_ROLIT_MAX, &r->size) ||
	    field_int(state, "to_move", -1, 3, &r->to_move) ||
	    !cJSON_IsArray(board) || cJSON_GetArraySize(board) != r->size ||
	    !cJSON_IsArray(colours) || cJSON_GetArraySize(colours) < 1 ||
	    cJSON_GetArraySize(colours) > 4)
		return -1;
	cJSON_ArrayForEach(item, board) {
		const char *text = cJSON_GetStringValue(item);

		if (!text || strlen(text) != (size_t)r->size ||
		    strspn(text, "RYGB.") != (size_t)r->size)
			return -1;
		memcpy(r->board[row++], text, (size_t)r->size + 1);
	}
	cJSON_ArrayForEach(item, colours)
		if (!(r->colours[r->players++] =
			      arena_rolit_letter(cJSON_GetStringValue(item))))
			return -1;
	item = cJSON_GetObjectItemCaseSensitive(state, "you");
	if (item && !(r->you = arena_rolit_letter(cJSON_GetStringValue(item))))
		return -1;
	return 0;
}

/* The row and column of a square name ("D3": 2, 3) on an n x n board. */
static int square_parse(const char *name, int n, int *row, int *col)
{
	int len = name ? (int)strlen(name) : 0;

	if (len < 2 || len > 3 || name[0] < 'A' || name[0] > 'Z' ||
	    name[1] < '1' || name[1] > '9' ||
	    (len == 3 && (name[2] < '0' || name[2] > '9')))
		return -1;
	*col = name[0] - 'A';
	*row = atoi(name + 1) - 1;
	return *row < n && *col < n ? 0 : -1;
}

/* The balls a ball of letter on (row, col) would capture, as row * 8 +
 * col in cells; returns how many. */
static int rolit_captures(const struct arena_rolit *r, int row, int col,
			  char letter, int *cells)
{
	int n = 0;

	for (int d = 0; d < 8; d++) {
		int run = 0, y = row + directions[d][0],
		    x = col + directions[d][1];

		while (y >= 0 && y < r->size && x >= 0 && x < r->size &&
		       r->board[y][x] != '.') {
			if (r->board[y][x] == letter) {
				n += run;
				break;
			}
			cells[n + run++] = y * ARENA_ROLIT_MAX + x;
			y += directions[d][0];
			x += directions[d][1];
		}
	}
	return n;
}

static int rolit_touches(const struct arena_rolit *r, int row, int col)
{
	for (int d = 0; d < 8; d++) {
		int y = row + directions[d][0], x = col + directions[d][1];

		if (y >= 0 && y < r->size && x >= 0 && x < r->size &&
		    r->board[y][x] != '.')
			return 1;
	}
	return 0;
}

int arena_rolit_legal(const struct arena_rolit *r, char colour,
		      char (*out)[3], int max)
{
	int cells[ARENA_ROLIT_MAX * ARENA_ROLIT_MAX];
	int touching[ARENA_ROLIT_MAX * ARENA_ROLIT_MAX];
	int capturing[ARENA_ROLIT_MAX * ARENA_ROLIT_MAX];
	int nt = 0, nc = 0, n, *list;

	if (!is_letter(colour))
		return -1;
	for (int y = 0; y < r->size; y++)
		for (int x = 0; x < r->size; x++) {
			if (r->board[y][x] != '.' || !rolit_touches(r, y, x))
				continue;
			touching[nt++] = y * ARENA_ROLIT_MAX + x;
			if (rolit_captures(r, y, x, colour, cells))
				capturing[nc++] = y * ARENA_ROLIT_MAX + x;
		}
	n = nc ? nc : nt;
	list = nc ? capturing : touching;
	for (int i = 0; i < n && i < max; i++) {    /* rows 1 to 8: one digit */
		out[i][0] = (char)('A' + list[i] % ARENA_ROLIT_MAX);
		out[i][1] = (char)('1' + list[i] / ARENA_ROLIT_MAX);
		out[i][2] = '\0';
	}
	return n;
}

int arena_rolit_apply(struct arena_rolit *r, const char *square,
		      char colour)
{
	int cells[ARENA_ROLIT_MAX * ARENA_ROLIT_MAX];
	int row, col, n;

	if (!is_letter(colour) || square_parse(square, r->size, &row, &col) ||
	    r->board[row][col] != '.')
		return -1;
	n = rolit_captures(r, row, col, colour, cells);
	r->board[row][col] = colour;
	for (int i = 0; i < n; i++)
		r->board[cells[i] / ARENA_ROLIT_MAX][cells[i] %
						     ARENA_ROLIT_MAX] = colour;
	return n;
}

int arena_rolit_count(const struct arena_rolit *r, char colour)
{
	int n = 0;

	for (int y = 0; y < r->size; y++)
		for (int x = 0; x < r->size; x++)
			n += colour != '.' && r->board[y][x] == colour;
	return n;
}

/* ---- Black-Pot ---- */

/* A value and its text; op is the operator at the top, 0 for a die. */
struct term {
	int value;
	char op;
	char text[16];
};

struct terms {
	int count;
	struct term t[ARENA_BLACK_POT_VALUES_MAX];
};

static int precedence(char op)
{
	return op == '+' || op == '-' ? 1 : 2;
}

/* Writes t as an operand of op, in parentheses where needed. */
static int operand(char *out, size_t room, const struct term *t, char op,
		   int right)
{
	int paren = t->op &&
		    (precedence(t->op) < precedence(op) ||
		     (right && precedence(t->op) == precedence(op) &&
		      (op == '-' || op == '/')));

	return snprintf(out, room, paren ? "(%s)" : "%s", t->text);
}

/* Adds a op b unless the division is not exact or the value is already
 * there (the first expression found for a value stays). */
static void terms_add(struct terms *list, const struct term *a, char op,
		      const struct term *b)
{
	struct term t = { .op = op };
	int len;

	switch (op) {
	case '+':
		t.value = a->value + b->value;
		break;
	case '-':
		t.value = a->value - b->value;
		break;
	case '*':
		t.value = a->value * b->value;
		break;
	default:
		if (b->value == 0 || a->value % b->value)
			return;
		t.value = a->value / b->value;
	}
	for (int i = 0; i < list->count; i++)
		if (list->t[i].value == t.value)
			return;
	len = operand(t.text, sizeof t.text, a, op, 0);
	t.text[len++] = op;
	operand(t.text + len, sizeof t.text - (size_t)len, b, op, 1);
	list->t[list->count++] = t;
}

static void terms_combine(struct terms *list, const struct term *a,
			  const struct term *b)
{
	static const char ops[] = "+-*/";

	for (int i = 0; ops[i]; i++) {
		terms_add(list, a, ops[i], b);
		terms_add(list, b, ops[i], a);
	}
}

static void terms_die(struct terms *list, int face)
{
	list->count = 1;
	list->t[0] = (struct term){ .value = face };
	snprintf(list->t[0].text, sizeof list->t[0].text, "%d", face);
}

/* The values of a group of n dice (1 to 3, largest first). */
static void terms_group(struct terms *list, const int *dice, int n)
{
	struct terms a, b;

	if (n == 1) {
		terms_die(list, dice[0]);
		return;
	}
	list->count = 0;
	if (n == 2) {
		terms_die(&a, dice[0]);
		terms_die(&b, dice[1]);
		terms_combine(list, &a.t[0], &b.t[0]);
		return;
	}
	/* Three dice: a pair combined with the third, for each third. */
	for (int single = n - 1; single >= 0; single--) {
		int pair[2], k = 0;

		for (int i = 0; i < n; i++)
			if (i != single)
				pair[k++] = dice[i];
		terms_group(&a, pair, 2);
		terms_die(&b, dice[single]);
		for (int i = 0; i < a.count; i++)
			terms_combine(list, &a.t[i], &b.t[0]);
	}
}

int arena_black_pot_values(const int *dice, int count,
			   struct arena_black_pot_value *out, int max)
{
	struct terms list;
	int d[3];

	if (!dice || count < 1 || count > 3)
		return -1;
	for (int i = 0; i < count; i++) {
		int j = i;

		if (dice[i] < 1 || dice[i] > 6)
			return -1;
		for (; j > 0 && d[j - 1] < dice[i]; j--)  /* highest first */
			d[j] = d[j - 1];
		d[j] = dice[i];
	}
	terms_group(&list, d, count);
	for (int i = 0; i < list.count && i < max; i++) {
		out[i].value = list.t[i].value;
		memcpy(out[i].expr, list.t[i].text, sizeof out[i].expr);
	}
	return list.count;
}

/* The parser's state: the text, where it is, the dice still unused. */
struct parser {
	const char *text;
	const int *roll;
	size_t pos;
	int unused[10];
	char *err;
	size_t errlen;
	int failed;
};

/* Records the first error; returns -1 (callers return it as a value that
 * is never used, or as the result). */
static int __attribute__((format(printf, 2, 3)))
parse_fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (!p->failed && p->errlen) {
		va_start(ap, fmt);
		vsnprintf(p->err, p->errlen, fmt, ap);
		va_end(ap);
	}
	p->failed = 1;
	return -1;
}

static char parse_peek(struct parser *p)
{
	while (p->text[p->pos] == ' ')
		p->pos++;
	return p->text[p->pos];
}

static int parse_sum(struct parser *p);

/* A die or a parenthesised expression. */
static int parse_factor(struct parser *p)
{
	char c = parse_peek(p);
	int value;

	if (c == '(') {
		p->pos++;
		value = parse_sum(p);
		if (!p->failed && parse_peek(p) != ')')
			return parse_fail(p, "missing ')' in \"%s\"", p->text);
		p->pos++;
		return value;
	}
	if (c < '0' || c > '9')
		return c ? parse_fail(p, "unexpected '%c' in \"%s\": expected "
				      "a die or '('", c, p->text)
			 : parse_fail(p, "\"%s\" ends where a die or '(' is "
				      "expected", p->text);
	p->pos++;
	if (p->text[p->pos] >= '0' && p->text[p->pos] <= '9')
		return parse_fail(p, "\"%s\" has a number of several digits: "
				  "each number is one die", p->text);
	if (p->unused[c - '0'] == 0)
		return parse_fail(p, "\"%s\" uses %c more times than the roll "
				  "%d %d %d has it", p->text, c, p->roll[0],
				  p->roll[1], p->roll[2]);
	p->unused[c - '0']--;
	return c - '0';
}

static int parse_product(struct parser *p)
{
	int value = parse_factor(p), right;
	char op;

	while (!p->failed && ((op = parse_peek(p)) == '*' || op == 'x' ||
			      op == 'X' || op == '/')) {
		p->pos++;
		right = parse_factor(p);
		if (p->failed)
			break;
		if (op != '/')
			value *= right;
		else if (right == 0)
			return parse_fail(p, "%d/0 in \"%s\" divides by zero",
					  value, p->text);
		else if (value % right)
			return parse_fail(p, "%d/%d in \"%s\" is not an exact "
					  "division", value, right, p->text);
		else
			value /= right;
	}
	return value;
}

static int parse_sum(struct parser *p)
{
	int value = parse_product(p);
	char op;

	while (!p->failed && ((op = parse_peek(p)) == '+' || op == '-')) {
		p->pos++;
		value += (op == '+' ? 1 : -1) * parse_product(p);
	}
	return value;
}

int arena_black_pot_evaluate(const char *expr, const int roll[3],
			     int *values, int max, char *err, size_t errlen)
{
	struct parser p = {
		.text = expr, .roll = roll, .err = err, .errlen = errlen,
	};
	int groups = 0, value;
	char c;

	for (int i = 0; i < 3; i++)
		if (roll[i] < 1 || roll[i] > 6)
			return parse_fail(&p, "a Black-Pot roll is three die "
					  "faces 1-6");
	if (strlen(expr) > ARENA_BLACK_POT_EXPR_LEN)
		return parse_fail(&p, "the expression is longer than %d "
				  "characters", ARENA_BLACK_POT_EXPR_LEN);
	for (int i = 0; i < 3; i++)
		p.unused[roll[i]]++;
	for (;;) {
		value = parse_sum(&p);
		if (p.failed)
			return -1;
		if (groups < max)
			values[groups] = value;
		groups++;
		if ((c = parse_peek(&p)) != ',')
			break;
		if (groups == 3)
			return parse_fail(&p, "\"%s\" has more than 3 groups",
					  expr);
		p.pos++;
	}
	if (c)
		return parse_fail(&p, "unexpected '%c' in \"%s\": expected an "
				  "operator, ')' or ','", c, expr);
	for (int face = 1; face <= 6; face++)
		if (p.unused[face])
			return parse_fail(&p, "\"%s\" does not use the %d of the "
					  "roll %d %d %d: every die is used "
					  "once", expr, face, roll[0], roll[1],
					  roll[2]);
	return groups;
}

/* ---- Black-Pot positions and moves ---- */

#define SIDE ARENA_BLACK_POT_SIDE

int arena_black_pot_read(const cJSON *state, struct arena_black_pot *b)
{
	const cJSON *numbers = cJSON_GetObjectItemCaseSensitive(state,
								"numbers");
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(state, "board");
	const cJSON *item;
	int r = 0;

	memset(b, 0, sizeof *b);
	b->you = -1;
	if (!cJSON_IsObject(state) || !cJSON_IsArray(numbers) ||
	    cJSON_GetArraySize(numbers) != SIDE || !cJSON_IsArray(board) ||
	    cJSON_GetArraySize(board) != SIDE ||
	    field_int(state, "to_move", -1, 3, &b->to_move) ||
	    field_ints(state, "roll", 1, 6, b->roll, 3) != 3 ||
	    field_int(state, "rolls", 0, 1000000, &b->rolls) ||
	    field_int(state, "max_rolls", 0, 1000000, &b->max_rolls) ||
	    field_ints(state, "pawns", 0, 1000, b->pawns, 2) != 2 ||
	    field_ints(state, "points", 0, 1000000000, b->points, 2) != 2)
		return -1;
	if (cJSON_HasObjectItem(state, "you") &&
	    field_int(state, "you", 0, 1, &b->you))
		return -1;
	cJSON_ArrayForEach(item, numbers) {
		long row[SIDE];

		if (json_longs(item, 0, ARENA_BLACK_POT_MAX_NUMBER, row,
			       SIDE) != SIDE)
			return -1;
		for (int c = 0; c < SIDE; c++)
			b->numbers[r][c] = (int)row[c];
		r++;
	}
	r = 0;
	cJSON_ArrayForEach(item, board) {
		const char *text = cJSON_GetStringValue(item);

		if (!text || strlen(text) != SIDE ||
		    strspn(text, ".XO ") != SIDE)
			return -1;
		memcpy(b->board[r++], text, SIDE + 1);
	}
	return 0;
}

/* "F6" for a cell numbered row * SIDE + col. */
static void cell_name(char out[4], int cell)
{
	int row = cell / SIDE + 1;

	*out++ = (char)('A' + cell % SIDE);
	if (row >= 10)
		*out++ = '1';
	*out++ = (char)('0' + row % 10);
	*out = '\0';
}

/* The referee's order of moves: pawns placed, then the sorted cells. */
static void move_key(const struct arena_black_pot_move *m, int key[4])
{
	key[0] = m->count;
	for (int i = 0; i < m->count; i++) {
		int row = 0, col = 0, j = i + 1;

		square_parse(m->cells[i], SIDE, &row, &col);
		for (; j > 1 && key[j - 1] > row * SIDE + col; j--)
			key[j] = key[j - 1];
		key[j] = row * SIDE + col;
	}
}

static int move_compare(const void *pa, const void *pb)
{
	int a[4], b[4];

	move_key(pa, a);
	move_key(pb, b);
	for (int i = 0; i <= a[0] && i <= b[0]; i++)
		if (a[i] != b[i])
			return a[i] - b[i];
	return 0;
}

/* The enumeration of moves: the split being tried, the value chosen for
 * each group, the cells filled so far, and the distinct moves found. */
struct legal {
	const struct arena_black_pot *b;
	int pawns;
	int groups;
	const struct terms *values[3];
	const struct term *chosen[3];
	int cells[3];
	struct arena_black_pot_move *out;
	int count, max, overflow;
};

/* Adds the move being built unless one filling the same cells is there
 * (the first expression found for a set of cells stays). */
static void legal_record(struct legal *e, int placed)
{
	struct arena_black_pot_move m = { .count = placed };
	size_t len = 0;

	for (int g = 0; g < e->groups; g++)
		len += (size_t)snprintf(m.expr + len, sizeof m.expr - len,
					g ? ",%s" : "%s", e->chosen[g]->text);
	for (int i = 0; i < placed; i++)
		cell_name(m.cells[i], e->cells[i]);
	for (int i = 0; i < e->count; i++)
		if (move_compare(&m, &e->out[i]) == 0)
			return;
	if (e->count == e->max)
		e->overflow = 1;
	else
		e->out[e->count++] = m;
}

/* Gives group g and the ones after it a free cell of their value each,
 * in board order; groups worth anything but 1..25 take none. */
static void legal_place(struct legal *e, int g, int placed)
{
	int value;

	if (g == e->groups || g == 3) {     /* 3: a bound gcc can see */
		legal_record(e, placed);
		return;
	}
	value = e->chosen[g]->value;
	if (value < 1 || value > ARENA_BLACK_POT_MAX_NUMBER) {
		legal_place(e, g + 1, placed);
		return;
	}
	if (placed == e->pawns || placed == 3)
		return;
	for (int cell = 0; cell < SIDE * SIDE; cell++) {
		int taken = 0;

		for (int i = 0; i < placed; i++)
			taken |= e->cells[i] == cell;
		if (taken || e->b->numbers[cell / SIDE][cell % SIDE] != value ||
		    e->b->board[cell / SIDE][cell % SIDE] != '.')
			continue;
		e->cells[placed] = cell;
		legal_place(e, g + 1, placed + 1);
	}
}

/* Every choice of a value for each group, the last group's changing
 * fastest. */
static void legal_choose(struct legal *e, int g)
{
	if (g == e->groups || g == 3) {
		legal_place(e, 0, 0);
		return;
	}
	for (int i = 0; i < e->values[g]->count; i++) {
		e->chosen[g] = &e->values[g]->t[i];
		legal_choose(e, g + 1);
	}
}

int arena_black_pot_legal(const struct arena_black_pot *b, int pawns,
			  struct arena_black_pot_move *out, int max)
{
	struct legal e = { .b = b, .pawns = pawns, .out = out, .max = max };
	struct terms values[3];
	int d[3];

	if (pawns < 0 && (b->you < 0 || (pawns = b->pawns[b->you]) < 0))
		return -1;
	e.pawns = pawns;
	for (int i = 0; i < 3; i++) {
		int j = i;

		if (b->roll[i] < 1 || b->roll[i] > 6)
			return -1;
		for (; j > 0 && d[j - 1] < b->roll[i]; j--)  /* highest first */
			d[j] = d[j - 1];
		d[j] = b->roll[i];
	}
	/* The splits in the referee's order: three single dice, a pair and
	 * the die left (the two highest first), all three together. */
	e.groups = 3;
	for (int i = 0; i < 3; i++) {
		terms_die(&values[i], d[i]);
		e.values[i] = &values[i];
	}
	legal_choose(&e, 0);
	e.groups = 2;
	for (int single = 2; single >= 0; single--) {
		int pair[2], k = 0;

		for (int i = 0; i < 3; i++)
			if (i != single)
				pair[k++] = d[i];
		terms_group(&values[0], pair, 2);
		terms_die(&values[1], d[single]);
		legal_choose(&e, 0);
	}
	e.groups = 1;
	terms_group(&values[0], d, 3);
	legal_choose(&e, 0);
	if (e.overflow)
		return -1;
	qsort(out, (size_t)e.count, sizeof *out, move_compare);
	return e.count;
}

int arena_black_pot_apply(struct arena_black_pot *b,
			  const struct arena_black_pot_move *m, int side)
{
	struct arena_black_pot after = *b;

	if ((side != 0 && side != 1) || m->count < 0 || m->count > 3)
		return -1;
	for (int i = 0; i < m->count; i++) {
		int row, col;

		if (square_parse(m->cells[i], SIDE, &row, &col) ||
		    !after.numbers[row][col] || after.board[row][col] != '.')
			return -1;
		after.board[row][col] = side ? 'O' : 'X';
	}
	*b = after;
	return 0;
}
