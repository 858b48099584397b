/*
 * rolit-mcts's knowledge of Rolit (rolit_mcts_policy.h).  A square's
 * class needs only the corners' state, so the playouts' greedy choice is
 * a few masks: the legal squares of the best class present, one of them
 * at random.
 */
#include "rolit_mcts_policy.h"

/* How much a seat's ball count adds to the 1 of a win: enough to prefer
 * the larger of two wins, too little to trade a win for balls. */
#define ROLIT_MCTS_POLICY_SHARE 0.1f

static uint64_t rolit_mcts_policy_random(struct rolit_mcts_rng *rng)
{
	rng->state ^= rng->state >> 12;
	rng->state ^= rng->state << 25;
	rng->state ^= rng->state >> 27;
	return rng->state * 0x2545F4914F6CDD1DULL;
}

/* 3 corners, 2 edges, 1 the middle, 0 beside an empty corner. */
void rolit_mcts_policy_classes(const struct rolit_bits *pos,
			       uint64_t classes[ROLIT_MCTS_POLICY_CLASSES])
{
	const uint64_t file_a = 0x0101010101010101ULL;
	int last = pos->size - 1;
	uint64_t beside, corners;
	uint64_t edge = pos->board & (0xFFULL | 0xFFULL << (last * 8) |
				      file_a | file_a << last);

	rolit_eval_corners(pos->size, pos->board & ~rolit_bits_occupied(pos),
			   &corners, &beside);
	classes[3] = corners;
	classes[2] = edge & ~corners & ~beside;
	classes[1] = pos->board & ~edge & ~beside;
	classes[0] = beside;
}

int rolit_mcts_policy_prior(const struct rolit_bits *pos, int square)
{
	uint64_t classes[ROLIT_MCTS_POLICY_CLASSES], bit = 1ULL << square;

	rolit_mcts_policy_classes(pos, classes);
	for (int k = ROLIT_MCTS_POLICY_CLASSES - 1; k > 0; k--)
		if (classes[k] & bit)
			return k;
	return 0;
}

/* The n-th square (from 0) of `set`. */
static int rolit_mcts_policy_nth(uint64_t set, int n)
{
	while (n-- > 0)
		set &= set - 1;
	return rolit_bits_first(set);
}

/* One of `moves` (not empty): with chance 1/epsilon_inv any of them,
 * else one of those of the best prior class, at random. */
static int rolit_mcts_policy_pick(const struct rolit_bits *pos, uint64_t moves,
			   struct rolit_mcts_rng *rng, unsigned epsilon_inv)
{
	uint64_t r = rolit_mcts_policy_random(rng), best = moves;
	uint64_t classes[ROLIT_MCTS_POLICY_CLASSES];

	if (r % epsilon_inv) {
		rolit_mcts_policy_classes(pos, classes);
		for (int k = ROLIT_MCTS_POLICY_CLASSES - 1; k >= 0; k--)
			if (moves & classes[k]) {
				best = moves & classes[k];
				break;
			}
	}
	return rolit_mcts_policy_nth(best, (int)((r >> 32) %
		(uint64_t)rolit_bits_popcount(best)));
}

int rolit_mcts_policy_playout(struct rolit_bits *pos,
			      struct rolit_mcts_rng *rng, unsigned epsilon_inv,
			      uint8_t played[64])
{
	int n = 0;

	while (pos->to_move >= 0) {
		int square = rolit_mcts_policy_pick(
			pos, rolit_bits_moves(pos, pos->to_move), rng,
			epsilon_inv);

		played[n++] = (uint8_t)(pos->to_move * 64 + square);
		rolit_bits_play(pos, square);
	}
	return n;
}

void rolit_mcts_policy_reward(const struct rolit_bits *pos,
			      float reward[ROLIT_BITS_SEATS])
{
	int count[ROLIT_BITS_SEATS] = {0}, best = -1, winners = 0;
	float squares = (float)rolit_bits_popcount(pos->board);

	/* A forfeited seat ranks last whatever its balls. */
	for (int s = 0; s < pos->players; s++) {
		count[s] = pos->out >> s & 1 ? -1 : rolit_bits_count(pos, s);
		if (count[s] > best)
			best = count[s];
	}
	for (int s = 0; s < pos->players; s++)
		winners += count[s] == best;
	for (int s = 0; s < ROLIT_BITS_SEATS; s++)
		reward[s] = s >= pos->players ? 0 :
			(count[s] == best ? 1.0f / (float)winners : 0) +
			ROLIT_MCTS_POLICY_SHARE *
				(float)rolit_bits_count(pos, s) / squares;
}

void rolit_mcts_policy_outcome(int outcome, float reward[ROLIT_BITS_SEATS])
{
	reward[0] = (float)(outcome + 1) / 2 + ROLIT_MCTS_POLICY_SHARE / 2;
	reward[1] = (float)(1 - outcome) / 2 + ROLIT_MCTS_POLICY_SHARE / 2;
	reward[2] = reward[3] = 0;
}
