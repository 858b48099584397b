/*
 * rolit-search's evaluation (rolit_search_eval.h).  The weights were set
 * by playing the bot against itself and the bundled bots; see
 * docs/bots/rolit.md for what each term stands for.
 */
#include "rolit_search_eval.h"

#define REVAL_CORNER 40
#define REVAL_X_SQUARE (-14) /* diagonal to an empty corner */
#define REVAL_C_SQUARE (-6)  /* edge square beside an empty corner */
#define REVAL_EDGE 3
#define REVAL_STABLE 8       /* edge ball in an unbroken run from a corner */
#define REVAL_FRONTIER (-2)  /* ball beside an empty square */
/* A ball counts 1 on an empty board and 1 + REVAL_LATE on a full one,
 * growing with the square of the part filled. */
#define REVAL_LATE 14

static bool reval_holds(const struct rpos *pos, int r, int c, char letter)
{
	return r >= 0 && r < pos->size && c >= 0 && c < pos->size &&
	       pos->rows[r][c] == letter;
}

/* The corners and the squares next to them, seen from each corner. */
static int reval_corners(const struct rpos *pos, char letter)
{
	int last = pos->size - 1, value = 0;

	for (int k = 0; k < 4; k++) {
		int r = k & 1 ? last : 0, c = k & 2 ? last : 0;
		int dr = r ? -1 : 1, dc = c ? -1 : 1;

		if (pos->rows[r][c] == letter) {
			value += REVAL_CORNER;
			/* the edge runs from an own corner cannot be taken */
			for (int i = 1; i < pos->size &&
			     pos->rows[r][c + i * dc] == letter; i++)
				value += REVAL_STABLE;
			for (int i = 1; i < pos->size &&
			     pos->rows[r + i * dr][c] == letter; i++)
				value += REVAL_STABLE;
		} else if (pos->rows[r][c] == '.') {
			value += REVAL_X_SQUARE *
				 reval_holds(pos, r + dr, c + dc, letter);
			value += REVAL_C_SQUARE *
				 (reval_holds(pos, r + dr, c, letter) +
				  reval_holds(pos, r, c + dc, letter));
		}
	}
	return value;
}

static bool reval_frontier(const struct rpos *pos, int r, int c)
{
	for (int dr = -1; dr <= 1; dr++)
		for (int dc = -1; dc <= 1; dc++)
			if (reval_holds(pos, r + dr, c + dc, '.'))
				return true;
	return false;
}

/* The weight of a colour in a game still going on. */
static int reval_weight(const struct rpos *pos, char letter, int filled)
{
	int last = pos->size - 1, squares = pos->size * pos->size;
	int balls = 0, value = reval_corners(pos, letter);

	for (int r = 0; r < pos->size; r++)
		for (int c = 0; c < pos->size; c++) {
			if (pos->rows[r][c] != letter)
				continue;
			balls++;
			if (r == 0 || r == last || c == 0 || c == last)
				value += REVAL_EDGE;
			if (reval_frontier(pos, r, c))
				value += REVAL_FRONTIER;
		}
	return value + balls + balls * REVAL_LATE * filled * filled /
				       (squares * squares);
}

int reval_value(const struct rpos *pos, int seat)
{
	int others[RPOS_MAX_SEATS], count = rpos_opponents(pos, seat, others);
	int squares = pos->size * pos->size;
	int filled = squares - rpos_empties(pos), best = 0;
	bool full = filled == squares;

	for (int i = 0; i < count; i++) {
		char letter = pos->letter[others[i]];
		int w = full ? rpos_count(pos, letter) :
			       reval_weight(pos, letter, filled);

		if (i == 0 || w > best)
			best = w;
	}
	if (full)
		return REVAL_BALL * (rpos_count(pos, pos->letter[seat]) - best);
	return reval_weight(pos, pos->letter[seat], filled) - best;
}
