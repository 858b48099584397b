/*
 * Black-Pot's entry points besides arena_black_pot_rules (registry.h): the
 * arithmetic of a move (black_pot_moves.c), shared by the rules and open
 * to bots' authors and tests, and a small seam that sets up positions
 * (a chosen roll, pawns put down by hand) for the rule tests and for
 * anyone who wants to analyse a position.  Cells are numbered
 * row * 11 + column from A1 = 0 (K11 = 120), row 1 first.
 */
#ifndef ARENA_BLACK_POT_H
#define ARENA_BLACK_POT_H

#define BLACK_POT_SIDE 11
#define BLACK_POT_CELLS (BLACK_POT_SIDE * BLACK_POT_SIDE)
#define BLACK_POT_MAX_NUMBER 25
/* Pawns in a line that scores. */
#define BLACK_POT_LINE 5
/* Longest expression a bot may send, in bytes. */
#define BLACK_POT_EXPR_LEN 64

/* One distinct outcome of a roll: the pawns it places (0..3) on `cells`,
 * in the order of the groups of `expr` that are worth 1..25; `expr` has
 * `groups` groups, worth values[0..groups-1]. */
struct black_pot_move {
	int count;
	int cells[3];
	int groups, values[3];
	char expr[BLACK_POT_EXPR_LEN + 1];
};

/* The most distinct values a group of three dice has, and the longest
 * expression of one ("(6+6)*6"), with its NUL. */
#define BLACK_POT_VALUES_MAX 160
#define BLACK_POT_TERM_LEN 16

/* One value of a group of dice and the first expression found for it. */
struct black_pot_value {
	int value;
	char expr[BLACK_POT_TERM_LEN];
};

/* The distinct values of a group of n (1 to 3) dice (faces 1..6) with +
 * - * and exact /, each with the first expression the referee finds
 * (the dice read largest first); returns how many. */
int arena_black_pot_values(const int *dice, int n,
			   struct black_pot_value values[BLACK_POT_VALUES_MAX]);
/* Every expression of the roll `dice`: each split into groups (three
 * single dice, a pair and the die left, all three, in the order of
 * arena_black_pot_moves()) with each choice of a value for each group,
 * the last group's changing fastest; count 0, the values in `values`.
 * Returns how many, in a new array in *moves. */
int arena_black_pot_expressions(const int dice[3],
				struct black_pot_move **moves);

/* Every distinct outcome of the roll `dice` (three faces 1..6) that places
 * at most `max_pawns` pawns, where open[cell] is the number of each free
 * cell and 0 for taken and off-board cells.  Outcomes are distinct sets of
 * cells, each named by the first expression found (single dice, then a
 * pair and a die, then all three); they come sorted by count, then by
 * cells in board order.  Returns how many, in a new array in *moves. */
int arena_black_pot_moves(const int dice[3], const int open[BLACK_POT_CELLS],
		    int max_pawns, struct black_pot_move **moves);

/* Parses the expression of a move for the roll `dice`: groups separated
 * by ",", each made of dice (single digits), + - * x / and parentheses,
 * the usual precedence, every die of the roll used exactly once, exact
 * division only.  Returns the number of groups with their values in
 * values[], or -1 with the reason in err (GAME_ERR_LEN bytes). */
int arena_black_pot_parse(const char *expr, const int dice[3], int values[3],
		    char *err);

/* The kinds of cells (docs/games/black-pot.md rule 5.2), by their number:
 * citron 1 to 6, black-pot 13 14 17 19 21 22 23, cerise the others. */
enum black_pot_kind { BLACK_POT_CITRON, BLACK_POT_CERISE, BLACK_POT_POT };

/* The kind of the cells numbered `number` (1..BLACK_POT_MAX_NUMBER). */
enum black_pot_kind arena_black_pot_kind(int number);
/* The kind's name, as the replay page and the SDKs call it: "citron",
 * "cerise" or "black-pot". */
const char *arena_black_pot_kind_name(enum black_pot_kind kind);
/* The points of a line over cells with these numbers (docs/games/black-pot.md
 * rule 5.5): 400 for 4 or 5 black-pots, 250 for 3, 100 for 2 or 5 cerises, 50
 * for 5 citrons, 30 for any other. */
int arena_black_pot_line_points(const int numbers[BLACK_POT_LINE]);

/* Test seam.  The current roll becomes `dice`, for the seat to move. */
void arena_black_pot_set_roll(void *state, const int dice[3]);
/* Test seam.  A pawn of `side` (0: ivory, 1: brown) goes on the free cell
 * named `cell` (e.g. "F6") without leaving the side's stock and without
 * scoring: a line it completes scores at the side's next move.  0, or -1
 * with the reason in err. */
int arena_black_pot_put(void *state, const char *cell, int side, char *err);
/* Test seam.  The side's stock becomes `pawns` (1..40). */
void arena_black_pot_set_pawns(void *state, int side, int pawns);

#endif
