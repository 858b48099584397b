/*
 * rolit-search's evaluation (rolit_search_eval.h), with the weights of
 * values/rolit_weights.h.
 */
#include "rolit_search_eval.h"

#include "rolit_mcts_policy.h"
#include "values/rolit_weights.h"

/* The weighing of `pos` for the seat of colour `own` against the seat of
 * colour `other`, each with its capturing squares. */
static int rolit_search_eval_balls(const struct rolit_bits *pos, uint64_t own,
				   uint64_t other, uint64_t own_moves,
				   uint64_t other_moves)
{
	uint64_t classes[ROLIT_MCTS_POLICY_CLASSES];
	uint64_t open = rolit_bits_around(pos->board &
					  ~rolit_bits_occupied(pos));

	rolit_mcts_policy_classes(pos, classes);
	return ROLIT_WEIGHT_MOBILITY *
		       (rolit_bits_popcount(own_moves) -
			rolit_bits_popcount(other_moves)) -
	       ROLIT_WEIGHT_FRONTIER * (rolit_bits_popcount(own & open) -
					     rolit_bits_popcount(other & open)) +
	       ROLIT_WEIGHT_CORNER *
		       (rolit_bits_popcount(own & classes[3]) -
			rolit_bits_popcount(other & classes[3])) -
	       ROLIT_WEIGHT_BESIDE *
		       (rolit_bits_popcount(own & classes[0]) -
			rolit_bits_popcount(other & classes[0]));
}

int rolit_search_eval_value(const struct rolit_bits *pos, int seat)
{
	int opponent = rolit_bits_next(pos, seat);

	if (pos->to_move < 0) {
		int diff = rolit_bits_count(pos, seat) -
			   rolit_bits_count(pos, opponent);

		return ((diff > 0) - (diff < 0)) * ROLIT_SEARCH_EVAL_WIN + diff;
	}
	return rolit_search_eval_balls(
		pos, pos->ball[pos->colour[seat]],
		pos->ball[pos->colour[opponent]],
		rolit_bits_capturing(pos, seat),
		rolit_bits_capturing(pos, opponent));
}
