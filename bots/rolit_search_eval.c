/*
 * rolit-search's evaluation (rolit_search_eval.h).  The weights were set
 * by playing the bot against itself and the bundled bots; see
 * docs/bots/rolit-search.md for what each term stands for.
 */
#include "rolit_search_eval.h"

#define ROLIT_SEARCH_EVAL_CORNER 40
/* diagonal to an empty corner */
#define ROLIT_SEARCH_EVAL_X_SQUARE (-14)
/* edge square beside an empty corner */
#define ROLIT_SEARCH_EVAL_C_SQUARE (-6)
#define ROLIT_SEARCH_EVAL_EDGE 3
/* edge ball in an unbroken run from a corner */
#define ROLIT_SEARCH_EVAL_STABLE 8
/* ball beside an empty square */
#define ROLIT_SEARCH_EVAL_FRONTIER (-2)
/* A ball counts 1 on an empty board and 1 + ROLIT_SEARCH_EVAL_LATE on a
 * full one, growing with the square of the part filled. */
#define ROLIT_SEARCH_EVAL_LATE 14

static bool rolit_search_eval_holds(const struct rolit_search_pos *pos, int r,
				    int c, char letter)
{
	return r >= 0 && r < pos->size && c >= 0 && c < pos->size &&
	       pos->rows[r][c] == letter;
}

/* The corners and the squares next to them, seen from each corner. */
static int rolit_search_eval_corners(const struct rolit_search_pos *pos,
				     char letter)
{
	int last = pos->size - 1, value = 0;

	for (int k = 0; k < 4; k++) {
		int r = k & 1 ? last : 0, c = k & 2 ? last : 0;
		int dr = r ? -1 : 1, dc = c ? -1 : 1;

		if (pos->rows[r][c] == letter) {
			value += ROLIT_SEARCH_EVAL_CORNER;
			/* the edge runs from an own corner cannot be taken */
			for (int i = 1; i < pos->size &&
			     pos->rows[r][c + i * dc] == letter; i++)
				value += ROLIT_SEARCH_EVAL_STABLE;
			for (int i = 1; i < pos->size &&
			     pos->rows[r + i * dr][c] == letter; i++)
				value += ROLIT_SEARCH_EVAL_STABLE;
		} else if (pos->rows[r][c] == '.') {
			int diagonal = rolit_search_eval_holds(
				pos, r + dr, c + dc, letter);
			int beside = rolit_search_eval_holds(
					     pos, r + dr, c, letter) +
				     rolit_search_eval_holds(
					     pos, r, c + dc, letter);

			value += ROLIT_SEARCH_EVAL_X_SQUARE * diagonal +
				 ROLIT_SEARCH_EVAL_C_SQUARE * beside;
		}
	}
	return value;
}

static bool rolit_search_eval_frontier(const struct rolit_search_pos *pos,
				       int r, int c)
{
	for (int dr = -1; dr <= 1; dr++)
		for (int dc = -1; dc <= 1; dc++)
			if (rolit_search_eval_holds(pos, r + dr, c + dc, '.'))
				return true;
	return false;
}

/* The weight of a colour in a game still going on. */
static int rolit_search_eval_weight(const struct rolit_search_pos *pos,
				    char letter, int filled)
{
	int last = pos->size - 1, squares = pos->size * pos->size;
	int balls = 0, value = rolit_search_eval_corners(pos, letter);

	for (int r = 0; r < pos->size; r++)
		for (int c = 0; c < pos->size; c++) {
			if (pos->rows[r][c] != letter)
				continue;
			balls++;
			if (r == 0 || r == last || c == 0 || c == last)
				value += ROLIT_SEARCH_EVAL_EDGE;
			if (rolit_search_eval_frontier(pos, r, c))
				value += ROLIT_SEARCH_EVAL_FRONTIER;
		}
	return value + balls +
	       balls * ROLIT_SEARCH_EVAL_LATE * filled * filled /
		       (squares * squares);
}

int rolit_search_eval_value(const struct rolit_search_pos *pos, int seat)
{
	int others[ROLIT_SEARCH_POS_MAX_SEATS];
	int count = rolit_search_pos_opponents(pos, seat, others);
	int squares = pos->size * pos->size;
	int filled = squares - rolit_search_pos_empties(pos), best = 0;
	bool full = filled == squares;

	for (int i = 0; i < count; i++) {
		char letter = pos->letter[others[i]];
		int w = full ? rolit_search_pos_count(pos, letter) :
			       rolit_search_eval_weight(pos, letter, filled);

		if (i == 0 || w > best)
			best = w;
	}
	if (full)
		return ROLIT_SEARCH_EVAL_BALL *
		       (rolit_search_pos_count(pos, pos->letter[seat]) - best);
	return rolit_search_eval_weight(pos, pos->letter[seat], filled) - best;
}
