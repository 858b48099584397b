/*
 * Two-player Black-Pot valued by black-pot-lookahead's evaluation
 * (estimate_black_pot.h).  Every value is a function of the position it
 * is asked of, with no table kept from one to the next, so that a log
 * grades the same each time.
 */
#include "estimate_black_pot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "black_pot_eval.h"
#include "estimate_result.h"
#include "games/support.h"

struct estimate_black_pot {
	const struct game_rules *rules;
	void *copy;	/* the game an action is played on */
	struct black_pot_rolls rolls;
	struct black_pot_eval eval;
	struct black_pot_eval_board board;
};

struct estimate_black_pot *estimate_black_pot_open(
	const struct game_rules *rules, int players)
{
	struct estimate_black_pot *bp;

	if (rules->family != GAME_FAMILY_BLACK_POT || players != 2)
		return NULL;
	bp = arena_games_xcalloc(1, sizeof *bp);
	bp->copy = arena_games_xmalloc(rules->state_size);
	bp->rules = rules;
	black_pot_rolls_init(&bp->rolls);
	return bp;
}

void estimate_black_pot_close(struct estimate_black_pot *bp)
{
	if (!bp)
		return;
	free(bp->copy);
	free(bp);
}

double estimate_black_pot_chance(double score, int pawns)
{
	double scale = ESTIMATE_BLACK_POT_SCALE *
		       exp(ESTIMATE_BLACK_POT_GROWTH * (pawns - 20));

	return 1 / (1 + exp(-score / scale));
}

/* The fewer of the two sides' pawns in hand on bp's board (read by
 * pot_score()): the stage of the game the logistic's scale follows. */
static int pot_pawns(const struct estimate_black_pot *bp)
{
	const int *pawns = bp->board.pawns;

	return pawns[0] < pawns[1] ? pawns[0] : pawns[1];
}

/* The board of `state` and its windows into bp; its score for `side`. */
static double pot_score(struct estimate_black_pot *bp, const void *state,
			int side)
{
	black_pot_eval_board_of(state, &bp->board);
	black_pot_eval_init(&bp->eval, &bp->board, &bp->rolls);
	return black_pot_eval_value(&bp->eval, &bp->board, side);
}

/* Each seat's chance at `state` by its board, for `me` and the other
 * seat (in two players a seat is its side); the result where it is over. */
static void pot_value(struct estimate_black_pot *bp, const void *state,
		      int me, double chance[GAME_MAX_SEATS])
{
	double score;

	if (bp->rules->to_move(state) < 0) {
		estimate_result(bp->rules, 2, state, chance);
		return;
	}
	score = pot_score(bp, state, me);
	memset(chance, 0, GAME_MAX_SEATS * sizeof *chance);
	chance[me] = estimate_black_pot_chance(score, pot_pawns(bp));
	chance[1 - me] = 1 - chance[me];
}

int estimate_black_pot_actions(struct estimate_black_pot *bp,
			       const void *state, struct draws *draws,
			       struct estimate_action *out)
{
	int moves[GAME_MAX_MOVES], n = bp->rules->moves(state, moves);
	int me = bp->rules->to_move(state);

	for (int i = 0; i < n; i++) {
		memcpy(bp->copy, state, bp->rules->state_size);
		bp->rules->apply_move(bp->copy, moves[i], draws);
		out[i] = (struct estimate_action){.move = moves[i]};
		pot_value(bp, bp->copy, me, out[i].chance);
	}
	return n;
}

void estimate_black_pot_before(struct estimate_black_pot *bp,
			       const void *state,
			       double chance[GAME_MAX_SEATS])
{
	pot_value(bp, state, bp->rules->to_move(state), chance);
}

/* The chance to win, for seat `me` whose board (bp's, read by
 * pot_score()) scores `score` for it, of each roll as both sides can best
 * use it (each side's best move of it, black-pot-lookahead's weighing of
 * the next roll), into p[]; returns the index of the roll `dice`. */
static int pot_rolls(struct estimate_black_pot *bp, int me, const int dice[3],
		     double score, double p[BLACK_POT_ROLLS_COUNT])
{
	int now = 0;

	for (int r = 0; r < BLACK_POT_ROLLS_COUNT; r++) {
		const int *d = bp->rolls.dice[r];
		double gain[2];

		black_pot_eval_gains(&bp->eval, &bp->board, d, gain);
		p[r] = estimate_black_pot_chance(score + gain[me] - gain[1 - me],
						 pot_pawns(bp));
		if (d[0] == dice[0] && d[1] == dice[1] && d[2] == dice[2])
			now = r;
	}
	return now;
}

/* How much of a roll's lead on the mean `mean` (of rolls between `low`
 * and `high`) a position worth `p0` can take and stay in [0, 1]: 1, or
 * less where the best or worst roll would leave it. */
static double pot_shrink(double p0, double mean, double low, double high)
{
	double c = 1;

	if (mean > low && p0 < c * (mean - low))
		c = p0 / (mean - low);
	if (high > mean && 1 - p0 < c * (high - mean))
		c = (1 - p0) / (high - mean);
	return c;
}

bool estimate_black_pot_state(struct estimate_black_pot *bp,
			      const void *state,
			      double chance[GAME_MAX_SEATS])
{
	int me = bp->rules->to_move(state), dice[3], now;
	double p[BLACK_POT_ROLLS_COUNT], mean = 0, low = 1, high = 0, score;

	if (!black_pot_eval_roll(state, dice))
		return false;
	score = pot_score(bp, state, me);
	now = pot_rolls(bp, me, dice, score, p);
	for (int r = 0; r < BLACK_POT_ROLLS_COUNT; r++) {
		mean += bp->rolls.chance[r] * p[r];
		low = p[r] < low ? p[r] : low;
		high = p[r] > high ? p[r] : high;
	}
	/* the action before the draw: the board's chance (a decision's
	 * state: the game goes on) */
	memset(chance, 0, GAME_MAX_SEATS * sizeof *chance);
	chance[me] = estimate_black_pot_chance(score, pot_pawns(bp));
	chance[me] += pot_shrink(chance[me], mean, low, high) * (p[now] - mean);
	chance[1 - me] = 1 - chance[me];
	return true;
}
