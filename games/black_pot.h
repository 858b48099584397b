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

#include <stdbool.h>
#include <stdint.h>

#define BLACK_POT_SIDE 11
#define BLACK_POT_CELLS (BLACK_POT_SIDE * BLACK_POT_SIDE)
/* The cells on the board: the corners lose 3 cells each. */
#define BLACK_POT_BOARD_CELLS 109
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

/* What a roll lets a move fill, by the numbers of the cells (bit n of a
 * mask: a cell numbered n), for listing moves without writing their
 * expressions (arena_black_pot_free_ids()). */
struct black_pot_roll {
	int dice[3];   /* highest first: three pawns fill cells so numbered */
	int none;      /* nonzero: a move may place nothing */
	unsigned one;  /* the numbers a move placing one pawn may fill */
	/* pair[x]: the numbers y such that a move may fill a cell numbered x
	 * and another numbered y (so pair[y] has x) */
	unsigned pair[BLACK_POT_MAX_NUMBER + 1];
};

/* A set of the board's cells by board index (below, "Move ids": C1 is
 * 0, I11 108), bit x of word x / 64. */
struct black_pot_cells {
	uint64_t w[2];
};

/* The free cells of each number, which the rules keep as cells fill,
 * so that listing moves does not go over the board. */
struct black_pot_free {
	struct black_pot_cells of[BLACK_POT_MAX_NUMBER + 1];
	unsigned char number[BLACK_POT_BOARD_CELLS]; /* of each board index */
};

/* The free cells of open[] (each free cell's number, 0 elsewhere). */
void arena_black_pot_free_init(struct black_pot_free *free_cells,
			       const int open[BLACK_POT_CELLS]);
/* The free cell `cell` (row * 11 + column) is filled. */
void arena_black_pot_free_take(struct black_pot_free *free_cells, int cell);

/* The table of the roll `dice` (three faces 1..6). */
void arena_black_pot_roll_init(const int dice[3], struct black_pot_roll *roll);

/* Every distinct outcome of the roll `dice` (three faces 1..6) that places
 * at most `max_pawns` pawns, where open[cell] is the number of each free
 * cell and 0 for taken and off-board cells.  Outcomes are distinct sets of
 * cells, each named by the first expression found (single dice, then a
 * pair and a die, then all three); they come sorted by count, then by
 * cells in board order.  Returns how many, in a new array in *moves. */
int arena_black_pot_moves(const int dice[3], const int open[BLACK_POT_CELLS],
		    int max_pawns, struct black_pot_move **moves);

/* The outcome of arena_black_pot_moves() that fills `cells` (count of
 * them, any order), named by the same expression, into *move: 1, or 0
 * when the roll cannot fill them.  Writes that expression only. */
int arena_black_pot_move_of(const int dice[3],
			    const int open[BLACK_POT_CELLS], int max_pawns,
			    const int *cells, int count,
			    struct black_pot_move *move);

/* Move ids (docs/games/black-pot.md, "Move ids"): one number for each
 * set of 0 to 3 cells of the board, the same in every position, layout
 * and seat.  With the board's cells numbered 0 to 108 in board order (A1
 * ... K11 row 1 first, skipping the cut corners: C1 is 0, I11 is 108):
 * 0 places nothing; 1 + i fills cell i; 110 + j(j-1)/2 + i fills i < j;
 * 5996 + k(k-1)(k-2)/6 + j(j-1)/2 + i fills i < j < k. */
#define BLACK_POT_MOVE_IDS 215930

/* The id of the move filling `count` (0..3) distinct cells, each
 * numbered row * 11 + column (any order), or -1 when a cell is off the
 * board or named twice, or count is out of range. */
int arena_black_pot_move_id(const int *cells, int count);
/* The cells (row * 11 + column, in board order) that move `id` fills;
 * their count, or -1 when id is not in 0..BLACK_POT_MOVE_IDS - 1. */
int arena_black_pot_move_cells(int id, int cells[3]);
/* The ids of every distinct outcome of the roll (arena_black_pot_roll_init())
 * that places at most `max_pawns` pawns on the free cells kept
 * (arena_black_pot_free_init()), in the order of arena_black_pot_moves()
 * (by count, then by cells in board order) or, `ascending`, ascending
 * (pairs and triples of cells then come by their last cell first), as
 * OpenSpiel lists legal actions; returns how many (at most
 * BLACK_POT_MAX_MOVES).  No allocation. */
#define BLACK_POT_MAX_MOVES 1024
int arena_black_pot_free_ids(const struct black_pot_roll *roll,
			     const struct black_pot_free *free_cells,
			     int max_pawns, bool ascending,
			     int ids[BLACK_POT_MAX_MOVES]);
/* The ids of the legal moves of the position (a state of the rules),
 * ascending: the ids of moves() in the order of ids rather than of
 * legal() (what the Python environment lists); how many. */
int arena_black_pot_legal_ids(const void *state, int ids[BLACK_POT_MAX_MOVES]);

struct cJSON;
/* The action of move `id` as legal() writes it (a new object), or NULL
 * when id is not a legal move of the position now. */
struct cJSON *arena_black_pot_action_json(const void *state, int id);
/* The id of an action, checked as apply() checks it: the id, or -1 with
 * apply()'s reason in err (GAME_ERR_LEN bytes) when it is not legal. */
int arena_black_pot_action_id(const void *state, const struct cJSON *action,
			      char *err);

/* The numbers of the position that `seat` sees, for a learning program's
 * observation (docs/ENVIRONMENT.md, "Observations"), read from the state
 * without JSON, the seat's side first: the cells' numbers (0 off the
 * board), the cells of the seat's side's pawns (1 each), of the other
 * side's, the cells in a scored line of each direction (row, column,
 * rising, falling diagonal), each a plane of BLACK_POT_CELLS in the
 * order of cell numbers; then the roll, the rolls made and allowed, the
 * pawns left and the points of the seat's side and of the other, the
 * seat to move and the roll's first seat (counted from `seat` on, -1 for
 * none), and whether each seat left (from `seat` on).  Floats: each is
 * an integer that a float holds exactly.  out NULL: only counts them;
 * returns how many, 7 * BLACK_POT_CELLS + 11 + players. */
int arena_black_pot_observation(const void *state, int seat, float *out);

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
