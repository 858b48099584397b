/*
 * rolit-search's evaluation (rolit_search_eval.h): the values library's
 * (values/rolit_eval.h), which the grader's search weighs with too.
 */
#include "rolit_search_eval.h"

int rolit_search_eval_value(const struct rolit_bits *pos, int seat)
{
	int opponent = rolit_bits_next(pos, seat);
	uint64_t occupied = rolit_bits_occupied(pos);
	uint64_t own = pos->ball[pos->colour[seat]];
	uint64_t other = pos->ball[pos->colour[opponent]];
	struct rolit_eval_pos p = {.own = own, .other = other,
				   .idle = occupied & ~own & ~other,
				   .empty = pos->board & ~occupied,
				   .size = pos->size};

	if (pos->to_move < 0)
		return rolit_eval_over(rolit_bits_popcount(own) -
				       rolit_bits_popcount(other));
	return rolit_eval_value(&p);
}
