/*
 * black-pot-lookahead's evaluation of a Black-Pot position for one side:
 * its points, 10 for each pawn in hand, and the potential of every window
 * of 5 cells it can still complete (worth the line's points less the
 * pawns it still needs, times the chance of filling each missing cell in
 * time), less the same for the other side.  One piece for the bots
 * (black-pot-lookahead, black-pot-mcts, reading a seat's view) and the
 * grader (estimate_black_pot.h, reading the rules' state), so that both
 * weigh a position alike.  With the 56 distinct rolls of three dice, their
 * probabilities, and how likely a roll is to make each number 1..25
 * (found with the rules' own move generator, arena_black_pot_moves).
 */
#ifndef BOTS_BLACK_POT_EVAL_H
#define BOTS_BLACK_POT_EVAL_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "games/black_pot.h"

#define BLACK_POT_ROLLS_COUNT 56

struct black_pot_rolls {
	int dice[BLACK_POT_ROLLS_COUNT][3]; /* highest die first */
	double chance[BLACK_POT_ROLLS_COUNT]; /* sums to 1 */
	/* reach[n]: the chance that a roll can fill a cell numbered n */
	double reach[BLACK_POT_MAX_NUMBER + 1];
};

/* Fills in the table (once per program). */
void black_pot_rolls_init(struct black_pot_rolls *rolls);

#define BLACK_POT_EVAL_LINE BLACK_POT_LINE
/* Windows of 5 cells on the board, and how many hold one cell (at most 5
 * in each of the 4 directions). */
#define BLACK_POT_EVAL_MAX_WINDOWS 256
#define BLACK_POT_EVAL_CELL_WINDOWS 20

struct black_pot_eval_board {
	int number[BLACK_POT_CELLS]; /* 1..25, 0 off the board */
	int owner[BLACK_POT_CELLS];  /* a side, or -1 for a free cell */
	unsigned scored[BLACK_POT_CELLS]; /* bit d: in a scored line of direction d */
	int pawns[2];
	long points[2];
};

/* What does not change during a game: the windows and their points, and
 * the chance of filling a cell of each number. */
struct black_pot_eval {
	int windows;
	int cells[BLACK_POT_EVAL_MAX_WINDOWS][BLACK_POT_EVAL_LINE];
	int dir[BLACK_POT_EVAL_MAX_WINDOWS];
	int points[BLACK_POT_EVAL_MAX_WINDOWS];
	int of_cell[BLACK_POT_CELLS][BLACK_POT_EVAL_CELL_WINDOWS];
	int of_cell_count[BLACK_POT_CELLS];
	double fill[BLACK_POT_MAX_NUMBER + 1];
};

/* Reads a seat's view of Black-Pot ("numbers", "board", "pawns",
 * "points", "lines"); 0, or -1 with the reason in err (GAME_ERR_LEN). */
int black_pot_eval_read_view(const cJSON *view,
			     struct black_pot_eval_board *board, char *err);

/* The board of the rules' state `state` (games/black_pot.h), as
 * black_pot_eval_read_view() reads it from a seat's view. */
void black_pot_eval_board_of(const void *state,
			     struct black_pot_eval_board *board);

/* The roll of `state` into dice[], highest die first (as the rolls'
 * table, struct black_pot_rolls, has it); whether the seat to move plays it
 * first (it was just drawn), not after another seat. */
bool black_pot_eval_roll(const void *state, int dice[3]);

/* The cell (row * 11 + column from A1 = 0) of a name such as "F6", or -1
 * when it names none of the grid. */
int black_pot_eval_cell(const char *name);

/* One legal move of the turn: the cells it fills, and a value for the
 * bot's own use. */
struct black_pot_eval_move {
	int index; /* in the turn's legal list */
	int count, cells[3];
	double value;
};

/* The turn's legal list as moves[] (one for each element); their count,
 * or -1 when one of them does not name free cells of the board. */
int black_pot_eval_read_legal(const cJSON *legal,
			      struct black_pot_eval_move *moves,
			      const struct black_pot_eval_board *board);

/* Sets up the windows of the board's numbers. */
void black_pot_eval_init(struct black_pot_eval *eval,
			 const struct black_pot_eval_board *board,
			 const struct black_pot_rolls *rolls);

/* How much the value for `side` changes when it puts pawns on the `count`
 * free cells[]; the board is left as it was. */
double black_pot_eval_delta(const struct black_pot_eval *eval,
			    struct black_pot_eval_board *board, int side,
			    const int *cells, int count);

/* Values each of the `count` moves[] by black_pot_eval_delta for `side`
 * and sorts them best first. */
void black_pot_eval_rank(const struct black_pot_eval *eval,
			 struct black_pot_eval_board *board, int side,
			 struct black_pot_eval_move *moves, int count);

/* The whole evaluation of `board` for `side`: its points, pawns in hand
 * and windows less the other side's (black_pot_eval_delta() is how much
 * a move changes it). */
double black_pot_eval_value(const struct black_pot_eval *eval,
			    const struct black_pot_eval_board *board, int side);

/* The most each side can add to its evaluation with the roll `dice` on
 * `board` (placing nothing adds 0), each as if it played the roll first:
 * gain[side]. */
void black_pot_eval_gains(const struct black_pot_eval *eval,
			  struct black_pot_eval_board *board, const int dice[3],
			  double gain[2]);

/* Puts pawns of `side` on the `count` free cells[]. */
void black_pot_eval_play(struct black_pot_eval_board *board, int side,
			 const int *cells, int count);

#endif
