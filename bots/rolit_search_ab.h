/*
 * rolit-search's search of 2 players: principal variation search (an
 * alpha-beta that searches the first move with the full window and the
 * others with a null one, again only if one proves better) on bitboards,
 * with iterative deepening, a transposition table kept between moves,
 * moves ordered by the table's move, two killer moves a ply and the
 * history heuristic, and rolit_search_eval.h at the leaves.  Deep enough,
 * it reaches the end of the game everywhere and its value is exact.
 */
#ifndef BOTS_ROLIT_SEARCH_AB_H
#define BOTS_ROLIT_SEARCH_AB_H

#include <stdbool.h>

#include "rolit_bits.h"
#include "search_clock.h"

#define ROLIT_SEARCH_AB_MAX_PLY 64

struct rolit_search_ab {
	const struct search_clock *stop; /* ends the search; NULL: none */
	long nodes;
	bool stopped;
	int depth;  /* the deepest pass finished */
	int value;  /* its value for the seat to move */
	int best;   /* the square to play */
	int killer[ROLIT_SEARCH_AB_MAX_PLY][2];
	int history[ROLIT_BITS_SEATS][64];
};

/* Searches `pos` (2 players, none forfeited, the board not full) deeper
 * and deeper until `stop` runs out, or `soft` has run out when a pass
 * ends (a next pass would not finish), or a pass reached the end of the
 * game everywhere; a NULL clock never runs out.  The square to play goes
 * to ab->best: the best of the deepest pass finished, or a better one the
 * unfinished pass has already proved. */
void rolit_search_ab_run(struct rolit_search_ab *ab,
			 const struct rolit_bits *pos,
			 const struct search_clock *soft,
			 const struct search_clock *stop);

#endif
