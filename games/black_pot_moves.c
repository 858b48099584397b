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

struct terms {
	int count;
	bool quiet; /* values only, no text (a roll's table, on the hot path) */
	struct term t[TERMS_MAX];
};

static int precedence(char op)
{
	return op == '+' || op == '-' ? 1 : 2;
}

/* Writes `t` as an operand of `op`, in parentheses where needed. */
static int operand(char *out, const struct term *t, char op, bool right)
{
	bool paren = t->op &&
		     (precedence(t->op) < precedence(op) ||
		      (right && precedence(t->op) == precedence(op) &&
		       (op == '-' || op == '/')));

	return sprintf(out, paren ? "(%s)" : "%s", t->text);
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
	for (int i = 0; i < list->count; i++)
		if (list->t[i].value == t.value)
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
	list->count = 1;
	list->t[0] = (struct term){.value = face};
	if (!list->quiet)
		sprintf(list->t[0].text, "%d", face);
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
		terms_group(&a, pair, 2, quiet);
		terms_die(&b, dice[single]);
		for (int i = 0; i < a.count; i++)
			terms_combine(list, &a.t[i], &b.t[0]);
	}
}

/* What the enumeration is building: the outcomes found so far, and the
 * groups of the split being tried with the value chosen for each. */
struct enumeration {
	bool every;	/* every choice of values, placing nothing */
	const int *open;
	int max_pawns;
	struct black_pot_move *moves;
	int count, room;
	int groups;
	const struct terms *values[3];
	int chosen[3];
	int cells[3], placed;
};

static void enum_record(struct enumeration *e)
{
	struct black_pot_move *m;
	char *p;

	if (e->count == e->room) {
		e->room = e->room ? 2 * e->room : 256;
		e->moves = arena_games_xrealloc(e->moves, (size_t)e->room * sizeof *e->moves);
	}
	m = &e->moves[e->count++];
	m->count = e->placed;
	memcpy(m->cells, e->cells, sizeof m->cells);
	m->groups = e->groups;
	p = m->expr;
	for (int g = 0; g < e->groups; g++) {
		const struct term *t = &e->values[g]->t[e->chosen[g]];

		m->values[g] = t->value;
		p += sprintf(p, "%s%s", g ? "," : "", t->text);
	}
}

/* Places the groups from `g` on: each value 1..25 on every free cell of
 * that number not used yet, each other value nowhere. */
static void enum_cells(struct enumeration *e, int g)
{
	int value;

	if (g == e->groups || e->every) {
		enum_record(e);
		return;
	}
	value = e->values[g]->t[e->chosen[g]].value;
	if (value < 1 || value > BLACK_POT_MAX_NUMBER) {
		enum_cells(e, g + 1);
		return;
	}
	if (e->placed == e->max_pawns)
		return;
	for (int cell = 0; cell < BLACK_POT_CELLS; cell++) {
		bool used = false;

		if (e->open[cell] != value)
			continue;
		for (int i = 0; i < e->placed; i++)
			used |= e->cells[i] == cell;
		if (used)
			continue;
		e->cells[e->placed++] = cell;
		enum_cells(e, g + 1);
		e->placed--;
	}
}

/* Every choice of a value for each group, the last group's changing
 * fastest. */
static void enum_values(struct enumeration *e)
{
	int g;

	memset(e->chosen, 0, sizeof e->chosen);
	do {
		enum_cells(e, 0);
		for (g = e->groups;
		     g > 0 && ++e->chosen[g - 1] == e->values[g - 1]->count; g--)
			e->chosen[g - 1] = 0;
	} while (g > 0);
}

/* An outcome's cells sorted (the key that makes outcomes distinct) and
 * where it was found. */
struct keyed {
	int key[4];
	int index;
};

static void keyed_init(struct keyed *k, const struct black_pot_move *m,
		       int index)
{
	k->key[0] = m->count;
	k->key[1] = k->key[2] = k->key[3] = -1;
	for (int i = 0; i < m->count; i++) {
		int j = i + 1;

		for (; j > 1 && k->key[j - 1] > m->cells[i]; j--)
			k->key[j] = k->key[j - 1];
		k->key[j] = m->cells[i];
	}
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
static void enum_splits(struct enumeration *e, const int dice[3])
{
	struct terms singles[3], pair, all;
	int d[3];

	dice_sorted(dice, 3, d);
	for (int i = 0; i < 3; i++)
		terms_group(&singles[i], &d[i], 1, false);
	e->groups = 3;
	for (int i = 0; i < 3; i++)
		e->values[i] = &singles[i];
	enum_values(e);
	e->groups = 2;
	for (int single = 2; single >= 0; single--) {
		int faces[2], k = 0;

		for (int i = 0; i < 3; i++)
			if (i != single)
				faces[k++] = d[i];
		terms_group(&pair, faces, 2, false);
		e->values[0] = &pair;
		e->values[1] = &singles[single];
		enum_values(e);
	}
	terms_group(&all, d, 3, false);
	e->groups = 1;
	e->values[0] = &all;
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
	keys = arena_games_xmalloc((size_t)(e.count ? e.count : 1) * sizeof *keys);
	for (int i = 0; i < e.count; i++)
		keyed_init(&keys[i], &e.moves[i], i);
	qsort(keys, (size_t)e.count, sizeof *keys, keyed_compare);
	*moves = arena_games_xmalloc((size_t)(e.count ? e.count : 1) * sizeof **moves);
	for (int i = 0; i < e.count; i++)
		if (!i || memcmp(keys[i].key, keys[i - 1].key, sizeof keys->key))
			(*moves)[kept++] = e.moves[keys[i].index];
	free(keys);
	free(e.moves);
	return kept;
}

int arena_black_pot_expressions(const int dice[3],
				struct black_pot_move **moves)
{
	struct enumeration e = {.every = true};

	enum_splits(&e, dice);
	*moves = e.moves;
	return e.count;
}

void arena_black_pot_roll_init(const int dice[3], struct black_pot_roll *roll)
{
	struct terms list;
	int d[3];

	memset(roll, 0, sizeof *roll);
	dice_sorted(dice, 3, d);
	memcpy(roll->dice, d, sizeof roll->dice);
	terms_group(&list, d, 3, true);
	for (int i = 0; i < list.count; i++) {
		int v = list.t[i].value;

		if (v >= 1 && v <= BLACK_POT_MAX_NUMBER)
			roll->one |= 1u << v;
		else
			roll->none = true;
	}
	/* A pair and the die left: the die always fills a cell (1..6), the
	 * pair's value another when it is a number. */
	for (int single = 0; single < 3; single++) {
		int pair[2], k = 0, s = d[single];

		for (int i = 0; i < 3; i++)
			if (i != single)
				pair[k++] = d[i];
		terms_group(&list, pair, 2, true);
		for (int i = 0; i < list.count; i++) {
			int v = list.t[i].value;

			if (v < 1 || v > BLACK_POT_MAX_NUMBER) {
				roll->one |= 1u << s;
				continue;
			}
			roll->pair[v] |= 1u << s;
			roll->pair[s] |= 1u << v;
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
