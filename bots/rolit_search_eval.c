/*
 * rolit-search's evaluation (rolit_search_eval.h): the values library's
 * (values/rolit_eval.h), which the grader's search weighs with too.
 */
#include "rolit_search_eval.h"

#include "values/rolit_eval.h"

int rolit_search_eval_value(const struct rolit_bits *pos, int seat)
{
	int opponent = rolit_bits_next(pos, seat);
	uint64_t occupied = rolit_bits_occupied(pos);
	struct rolit_eval_pos p = {
		.own = pos->ball[pos->colour[seat]],
		.other = pos->ball[pos->colour[opponent]],
		.empty = pos->board & ~occupied, .size = pos->size,
	};

	if (pos->to_move < 0) {
		int diff = rolit_bits_count(pos, seat) -
			   rolit_bits_count(pos, opponent);

		return ((diff > 0) - (diff < 0)) * ROLIT_SEARCH_EVAL_WIN + diff;
	}
	p.idle = occupied & ~p.own & ~p.other;
	return rolit_eval_value(&p);
}
