/*
 * The arithmetic of a Black-Pot move (docs/games/black-pot.md rule 5.4):
 * every way to split the three dice into groups and combine each group with +
 * - * and exact /, turned into the distinct sets of cells a move may fill
 * (and, for the SDKs' helpers, listed as they are: every expression of a
 * roll, the values of a group; for moves without JSON, black_pot_ids.c,
 * a roll's table of the numbers a move may fill), and the small parser
 * that reads the
 * expression a bot sends. The parser is a
 * recursive descent over at most BLACK_POT_EXPR_LEN bytes: nothing is
 * evaluated but dice, the four operations and parentheses.
 */
#include "black_pot.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Room for the distinct values of one group (three dice give at most 6
 * pair values times 8 combinations, times 3 ways to pick the pair). */
#define TERMS_MAX BLACK_POT_VALUES_MAX
/* Texts are at most 7 bytes ("(6+6)*6"); three of them and two commas
 * fit in BLACK_POT_EXPR_LEN. */
#define TERM_LEN BLACK_POT_TERM_LEN

/* A value and the expression that gives it; `op` is the operator at the
 * top of the expression, or 0 for a single die. */
struct term {
	int value;
	char op;
	char text[TERM_LEN];
};

/* The values of up to three dice (faces 1..6) lie within -35..216: one
 * bit each, from TERMS_LOW below zero, tells a value already listed. */
#define TERMS_LOW 64
#define TERMS_WORDS 5

struct terms {
	int count;
	bool quiet; /* values only, no text (a roll's table, on the hot path) */
	uint64_t seen[TERMS_WORDS];
	struct term t[TERMS_MAX];
};

/* Whether the list has `value` already; marks it listed. */
static bool terms_seen(struct terms *list, int value)
{
	int bit = value + TERMS_LOW;
	uint64_t *word = &list->seen[bit / 64], mask = UINT64_C(1) << bit % 64;
	bool seen = *word & mask;

	*word |= mask;
	return seen;
}

static void terms_clear(struct terms *list)
{
	list->count = 0;
	memset(list->seen, 0, sizeof list->seen);
}

static int precedence(char op)
{
	return op == '+' || op == '-' ? 1 : 2;
}

/* Copies text to p; the end.  (sprintf took most of the time of making
 * a roll's expressions.) */
static char *text_append(char *p, const char *text)
{
	size_t len = strlen(text);

	memcpy(p, text, len + 1);
	return p + len;
}

/* Writes `t` as an operand of `op`, in parentheses where needed. */
static int operand(char *out, const struct term *t, char op, bool right)
{
	bool paren = t->op &&
		     (precedence(t->op) < precedence(op) ||
		      (right && precedence(t->op) == precedence(op) &&
		       (op == '-' || op == '/')));

	char *p = out;

	if (paren)
		*p++ = '(';
	p = text_append(p, t->text);
	if (paren)
		*p++ = ')';
	*p = '\0';
	return (int)(p - out);
}

/* Adds a op b to the list unless the division is not exact or the value
 * is already there (the first expression found for a value stays). */
static void terms_add(struct terms *list, const struct term *a, char op,
		      const struct term *b)
{
	struct term t = {.op = op};
	char *p = t.text;

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
	if (terms_seen(list, t.value))
		return;
	if (list->quiet) {
		list->t[list->count++] = t;
		return;
	}
	p += operand(p, a, op, false);
	*p++ = op;
	operand(p, b, op, true);
	list->t[list->count++] = t;
}

/* Every a op b and b op a. */
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
	terms_clear(list);
	terms_seen(list, face);
	list->count = 1;
	list->t[0] = (struct term){.value = face};
	if (!list->quiet)
		text_append(list->t[0].text, (const char[]){(char)('0' + face),
							  '\0'});
}

/* The values of a group of n dice (1 to 3, largest first), with their
 * texts unless `quiet`. */
static void terms_group(struct terms *list, const int *dice, int n, bool quiet)
{
	struct terms a, b;

	list->quiet = a.quiet = b.quiet = quiet;
	if (n == 1) {
		terms_die(list, dice[0]);
		return;
	}
	terms_clear(list);
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
		terms_group(&a, pair, 2, quiet);
		terms_die(&b, dice[single]);
		for (int i = 0; i < a.count; i++)
			terms_combine(list, &a.t[i], &b.t[0]);
	}
}

/* The one outcome an enumeration seeks, if any (arena_black_pot_move_of()):
 * the first found stops it. */
struct enum_target {
	const int *key;	/* NULL, or the outcome's key (keyed_init()'s) */
	bool found;
	int cells[3], count;	/* its cells, ascending */
};

/* The outcomes found so far, in an array that grows. */
struct enum_outcomes {
	struct black_pot_move *moves;
	int count, room;
};

/* The split being tried: its groups with the value chosen for each, and
 * the cells its values fill so far. */
struct enum_split {
	int groups;
	const struct terms *values[3];
	int chosen[3];
	int cells[3], placed;
	int faces[3][3], sizes[3];	/* each group's dice (a target's) */
};

/* What the enumeration is building, of the position open[] and
 * max_pawns (arena_black_pot_moves()'s): the outcomes found so far, and
 * the split being tried. */
struct enumeration {
	bool every;	/* every choice of values, placing nothing */
	struct enum_target target;
	const int *open;
	int max_pawns;
	struct enum_outcomes outcomes;
	struct enum_split split;
};

static void key_of(int key[4], const int *cells, int count);

/* Appends group g's text to an expression, after a comma but the first. */
static char *group_append(char *p, int g, const char *text)
{
	return text_append(g ? text_append(p, ",") : p, text);
}

static void enum_record(struct enumeration *e)
{
	struct black_pot_move *m;
	char *p;

	if (e->outcomes.count == e->outcomes.room) {
		e->outcomes.room = e->outcomes.room ? 2 * e->outcomes.room
						    : 256;
		e->outcomes.moves = arena_games_xrealloc(e->outcomes.moves,
			(size_t)e->outcomes.room * sizeof *e->outcomes.moves);
	}
	m = &e->outcomes.moves[e->outcomes.count++];
	m->count = e->split.placed;
	memcpy(m->cells, e->split.cells, sizeof m->cells);
	m->groups = e->split.groups;
	p = m->expr;
	for (int g = 0; g < e->split.groups; g++) {
		const struct term *t =
			&e->split.values[g]->t[e->split.chosen[g]];

		m->values[g] = t->value;
		if (!e->target.key)
			p = group_append(p, g, t->text);
	}
}

/* A target's outcome found: kept, its expression written from the texts
 * of its groups' values, made again now (the lists were made quiet, in
 * the same order). */
static void enum_hit(struct enumeration *e)
{
	int key[4];
	char *p;

	key_of(key, e->split.cells, e->split.placed);
	if (memcmp(key, e->target.key, sizeof key))
		return;
	e->target.found = true;
	enum_record(e);
	p = e->outcomes.moves[0].expr;
	for (int g = 0; g < e->split.groups; g++) {
		struct terms list;

		terms_group(&list, e->split.faces[g], e->split.sizes[g], false);
		p = group_append(p, g, list.t[e->split.chosen[g]].text);
	}
}

/* Places the groups from `g` on: each value 1..25 on every free cell of
 * that number not used yet, each other value nowhere. */
static void enum_cells(struct enumeration *e, int g)
{
	int value;

	if (e->target.found)
		return;
	if (g == e->split.groups || e->every) {
		if (e->target.key)
			enum_hit(e);
		else
			enum_record(e);
		return;
	}
	value = e->split.values[g]->t[e->split.chosen[g]].value;
	if (value < 1 || value > BLACK_POT_MAX_NUMBER) {
		enum_cells(e, g + 1);
		return;
	}
	if (e->split.placed == e->max_pawns)
		return;
	/* a target's outcome fills its cells only: the others are skipped,
	 * the order of the rest kept, so that the first found is the same */
	for (int at = 0;
	     at < (e->target.key ? e->target.count : BLACK_POT_CELLS); at++) {
		int cell = e->target.key ? e->target.cells[at] : at;
		bool used = false;

		if (e->open[cell] != value)
			continue;
		for (int i = 0; i < e->split.placed; i++)
			used |= e->split.cells[i] == cell;
		if (used)
			continue;
		e->split.cells[e->split.placed++] = cell;
		enum_cells(e, g + 1);
		e->split.placed--;
	}
}

/* Every choice of a value for each group, the last group's changing
 * fastest. */
static void enum_values(struct enumeration *e)
{
	int g;

	memset(e->split.chosen, 0, sizeof e->split.chosen);
	do {
		enum_cells(e, 0);
		for (g = e->split.groups;
		     g > 0 && ++e->split.chosen[g - 1] ==
			      e->split.values[g - 1]->count; g--)
			e->split.chosen[g - 1] = 0;
	} while (g > 0 && !e->target.found);
}

/* An outcome's cells sorted (the key that makes outcomes distinct) and
 * where it was found. */
struct keyed {
	int key[4];
	int index;
};

/* The key of the outcome filling `count` cells: the count, then the
 * cells sorted, -1 for those it does not fill. */
static void key_of(int key[4], const int *cells, int count)
{
	key[0] = count;
	key[1] = key[2] = key[3] = -1;
	for (int i = 0; i < count; i++) {
		int j = i + 1;

		for (; j > 1 && key[j - 1] > cells[i]; j--)
			key[j] = key[j - 1];
		key[j] = cells[i];
	}
}

static void keyed_init(struct keyed *k, const struct black_pot_move *m,
		       int index)
{
	key_of(k->key, m->cells, m->count);
	k->index = index;
}

static int keyed_compare(const void *pa, const void *pb)
{
	const struct keyed *a = pa, *b = pb;

	for (int i = 0; i < 4; i++)
		if (a->key[i] != b->key[i])
			return a->key[i] < b->key[i] ? -1 : 1;
	return a->index - b->index;
}

/* The dice of a roll, largest first, so that expressions read "6+4-2". */
static void dice_sorted(const int *dice, int n, int *d)
{
	memcpy(d, dice, (size_t)n * sizeof *d);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (d[j] > d[i]) {
				int t = d[i];

				d[i] = d[j];
				d[j] = t;
			}
}

/* Every split of the roll into groups, in order: three single dice, a
 * pair and the die left (the pair of the two largest first), all three. */
/* Group g of the split being tried: its dice and their values. */
static void enum_group(struct enumeration *e, int g, struct terms *list,
		       const int *faces, int n)
{
	memcpy(e->split.faces[g], faces, (size_t)n * sizeof *faces);
	e->split.sizes[g] = n;
	terms_group(list, faces, n, e->target.key != NULL);
	e->split.values[g] = list;
}

static void enum_splits(struct enumeration *e, const int dice[3])
{
	struct terms singles[3], pair, all;
	int d[3];

	dice_sorted(dice, 3, d);
	e->split.groups = 3;
	for (int i = 0; i < 3; i++)
		enum_group(e, i, &singles[i], &d[i], 1);
	enum_values(e);
	e->split.groups = 2;
	/* a split of g groups fills at most g cells: a target of more is
	 * not among its outcomes */
	for (int single = 2; single >= 0 && !e->target.found &&
	     !(e->target.key && e->target.count > 2); single--) {
		int faces[2], k = 0;

		for (int i = 0; i < 3; i++)
			if (i != single)
				faces[k++] = d[i];
		enum_group(e, 0, &pair, faces, 2);
		enum_group(e, 1, &singles[single], &d[single], 1);
		enum_values(e);
	}
	if (e->target.found || (e->target.key && e->target.count > 1))
		return;
	e->split.groups = 1;
	enum_group(e, 0, &all, d, 3);
	enum_values(e);
}

int arena_black_pot_moves(const int dice[3], const int open[BLACK_POT_CELLS],
		    int max_pawns, struct black_pot_move **moves)
{
	struct enumeration e = {.open = open, .max_pawns = max_pawns};
	struct keyed *keys;
	int kept = 0;

	enum_splits(&e, dice);
	/* Sorted by outcome, then by discovery: the first of each outcome
	 * stays. */
	keys = arena_games_xmalloc((size_t)(e.outcomes.count ?
					    e.outcomes.count : 1) *
				   sizeof *keys);
	for (int i = 0; i < e.outcomes.count; i++)
		keyed_init(&keys[i], &e.outcomes.moves[i], i);
	qsort(keys, (size_t)e.outcomes.count, sizeof *keys, keyed_compare);
	*moves = arena_games_xmalloc((size_t)(e.outcomes.count ?
					      e.outcomes.count : 1) *
				     sizeof **moves);
	for (int i = 0; i < e.outcomes.count; i++)
		if (!i || memcmp(keys[i].key, keys[i - 1].key, sizeof keys->key))
			(*moves)[kept++] = e.outcomes.moves[keys[i].index];
	free(keys);
	free(e.outcomes.moves);
	return kept;
}

int arena_black_pot_move_of(const int dice[3],
			    const int open[BLACK_POT_CELLS], int max_pawns,
			    const int *cells, int count,
			    struct black_pot_move *move)
{
	int key[4];
	struct enumeration e = {.target.key = key, .open = open,
				.max_pawns = max_pawns};

	key_of(key, cells, count);
	e.target.count = count;
	memcpy(e.target.cells, key + 1, (size_t)count * sizeof *key);
	enum_splits(&e, dice);
	if (e.target.found)
		*move = e.outcomes.moves[0];
	free(e.outcomes.moves);
	return e.target.found;
}

int arena_black_pot_expressions(const int dice[3],
				struct black_pot_move **moves)
{
	struct enumeration e = {.every = true};

	enum_splits(&e, dice);
	*moves = e.outcomes.moves;
	return e.outcomes.count;
}

/* The values of a op b and b op a with + - * and exact /, as
 * terms_combine() finds them (without their texts, nor told apart: a
 * roll's table is made on every roll); how many, into out. */
static int combine_values(int a, int b, int out[8])
{
	int n = 0;

	out[n++] = a + b;
	out[n++] = a - b;
	out[n++] = b - a;
	out[n++] = a * b;
	if (b != 0 && a % b == 0)
		out[n++] = a / b;
	if (a != 0 && b % a == 0)
		out[n++] = b / a;
	return n;
}

/* A value of the three dice together: a number a pawn may fill, or a
 * move that places nothing. */
static void roll_all(struct black_pot_roll *roll, int v)
{
	if (v >= 1 && v <= BLACK_POT_MAX_NUMBER)
		roll->one |= 1u << v;
	else
		roll->none = true;
}

/* A value v of a pair and the die s left: s always fills a cell (1..6),
 * v another when it is a number. */
static void roll_pair(struct black_pot_roll *roll, int v, int s)
{
	if (v < 1 || v > BLACK_POT_MAX_NUMBER) {
		roll->one |= 1u << s;
		return;
	}
	roll->pair[v] |= 1u << s;
	roll->pair[s] |= 1u << v;
}

void arena_black_pot_roll_init(const int dice[3], struct black_pot_roll *roll)
{
	int d[3];

	memset(roll, 0, sizeof *roll);
	dice_sorted(dice, 3, d);
	memcpy(roll->dice, d, sizeof roll->dice);
	for (int single = 0; single < 3; single++) {
		int a = d[(single + 1) % 3], b = d[(single + 2) % 3];
		int pair[8], n = combine_values(a, b, pair);

		for (int i = 0; i < n; i++) {
			int all[8], m = combine_values(pair[i], d[single], all);

			roll_pair(roll, pair[i], d[single]);
			for (int k = 0; k < m; k++)
				roll_all(roll, all[k]);
		}
	}
}

int arena_black_pot_values(const int *dice, int n,
			   struct black_pot_value values[BLACK_POT_VALUES_MAX])
{
	struct terms list;
	int d[3];

	dice_sorted(dice, n, d);
	terms_group(&list, d, n, false);
	for (int i = 0; i < list.count; i++) {
		values[i].value = list.t[i].value;
		memcpy(values[i].expr, list.t[i].text, sizeof values[i].expr);
	}
	return list.count;
}

/* The parser's state: the text, where it is, the dice still unused. */
struct parser {
	const char *text;
	const int *dice;
	size_t pos;
	int unused[10];
	char *err;
	bool failed;
};

/* Records the first error; returns 0 so that callers can return it as
 * a value that is never used. */
static int __attribute__((format(printf, 2, 3)))
parse_fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (!p->failed) {
		va_start(ap, fmt);
		vsnprintf(p->err, GAME_ERR_LEN, fmt, ap);
		va_end(ap);
	}
	p->failed = true;
	return 0;
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
		return c ? parse_fail(p, "unexpected '%c' in \"%s\": expected a die or '('",
				      c, p->text)
			 : parse_fail(p, "\"%s\" ends where a die or '(' is expected",
				      p->text);
	p->pos++;
	if (p->text[p->pos] >= '0' && p->text[p->pos] <= '9')
		return parse_fail(p, "\"%s\" has a number of several digits: each number is one die",
				  p->text);
	if (p->unused[c - '0'] == 0)
		return parse_fail(p, "\"%s\" uses %c more times than the roll %d %d %d has it",
				  p->text, c, p->dice[0], p->dice[1], p->dice[2]);
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
			return parse_fail(p, "%d/%d in \"%s\" is not an exact division",
					  value, right, p->text);
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

int arena_black_pot_parse(const char *expr, const int dice[3], int values[3],
		    char *err)
{
	struct parser p = {.text = expr, .dice = dice, .err = err};
	int groups = 0;
	char c;

	if (strlen(expr) > BLACK_POT_EXPR_LEN)
		return arena_games_errorf(err, "the expression is longer than %d characters",
			      BLACK_POT_EXPR_LEN);
	for (int i = 0; i < 3; i++)
		p.unused[dice[i]]++;
	for (;;) {
		values[groups++] = parse_sum(&p);
		if (p.failed)
			return -1;
		if ((c = parse_peek(&p)) != ',')
			break;
		if (groups == 3)
			return arena_games_errorf(err, "\"%s\" has more than 3 groups", expr);
		p.pos++;
	}
	if (c)
		return arena_games_errorf(err, "unexpected '%c' in \"%s\": expected an operator, ')' or ','",
			      c, expr);
	for (int face = 1; face <= 6; face++)
		if (p.unused[face])
			return arena_games_errorf(err, "\"%s\" does not use the %d of the roll %d %d %d: every die is used once",
				      expr, face, dice[0], dice[1], dice[2]);
	return groups;
}
