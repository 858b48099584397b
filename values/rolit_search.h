/*
 * The one Rolit search of the house (two players): principal variation
 * search (an alpha-beta that searches a node's first move with the full
 * window and the others with a null one, again only if one proves better)
 * on bitboards (rolit_eval.h), with the evaluation of rolit_eval.h at
 * its leaves, moves ordered by the transposition table's move, two killer
 * moves a ply, the history heuristic and, two plies or more above the
 * leaves with ROLIT_SEARCH_NEAR_END empty squares or more, fewest
 * replies first (nearer the end, neither sorted nor in the table); deep
 * enough it reaches the end of the game everywhere and its value is
 * exact (the last empty square filled without a search of its moves).
 * rolit-search plays with it (iterative deepening and a table kept
 * between moves), rolit-mcts proves its endgames with it, and
 * the estimates and `grade` value positions with it (no table: a value
 * of a given depth is then the plain minimax's, the same whoever asks
 * and in whatever order, so that the grade of a log never changes).
 */
#ifndef VALUES_ROLIT_SEARCH_H
#define VALUES_ROLIT_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rolit_eval.h"

#define ROLIT_SEARCH_MAX_PLY 64
/* Past every score of a position. */
#define ROLIT_SEARCH_INF (2 * ROLIT_EVAL_WIN)

/* An entry of a transposition table (16 bytes): what a search of `depth`
 * found of the position of `key` (0: empty), from the seat to move's
 * side, and its best square. */
struct rolit_search_entry {
	uint64_t key;
	int16_t value;
	int8_t depth, bound, square;
};

struct rolit_search {
	/* The caller's: a table of table_size entries (a power of 2;
	 * NULL: none), and a clock that ends the search when
	 * expired(clock) (NULL: never). */
	struct rolit_search_entry *table;
	size_t table_size;
	bool (*expired)(const void *clock);
	const void *clock;
	/* The search's. */
	long nodes;
	bool stopped;
	int depth; /* the deepest pass finished */
	int value; /* its value for the seat to move */
	int best;  /* the square to play, bit row * 8 + column; -1: none */
	int killer[ROLIT_SEARCH_MAX_PLY][2];
	int history[2][64]; /* by the parity of the ply */
};

/* A search with `table` of `size` entries (NULL, 0: none) that stops
 * when expired(clock) (NULL: never); its killers and history empty. */
void rolit_search_init(struct rolit_search *s,
		       struct rolit_search_entry *table, size_t size,
		       bool (*expired)(const void *clock), const void *clock);

/* The score of `p` searched `depth` plies by a search of its own (no
 * table, no clock): the plain minimax's. */
int rolit_search_score(struct rolit_eval_pos p, int depth);

/* The outcome of `p` under best play for the seat of p.own: 1 a win, 0
 * a draw, -1 a loss, searched to the end in the window (-1, 1); a square
 * that keeps a win or a draw into s->best.  0 with s->stopped when the
 * clock ran out. */
int rolit_search_outcome(struct rolit_search *s, struct rolit_eval_pos p);

/* Searches `p` (not over) deeper and deeper until the clock runs out, or
 * soft_expired(soft) when a pass ends (NULL: never; a next pass would not
 * finish), or a pass reached the end of the game everywhere.  The square
 * to play into s->best: the best of the deepest pass finished, or a
 * better one the unfinished pass has already proved. */
void rolit_search_deepen(struct rolit_search *s, struct rolit_eval_pos p,
			 bool (*soft_expired)(const void *soft),
			 const void *soft);

#endif
