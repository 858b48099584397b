/*
 * black-pot-lookahead: a Black-Pot bot that looks ahead over the rolls to
 * come.  Each legal move is first weighed by what it changes in the
 * evaluation (black_pot_eval.c: points, pawns in hand, the potential of
 * the windows of 5 of both sides).  Then, best first while the move's
 * time lasts (`--ms N`, 100 ms by default, never more than the turn's
 * time_left_ms allows), an expectimax over the 56 distinct rolls of the
 * next turn: for each roll, with its probability, the best answer of
 * each side on the board the move leaves (moves made by the rules' own
 * generator, arena_black_pot_moves); the move's value gains what its side can
 * expect to make of the next roll and loses what the other side can.
 * With 4 players the two partners are one side with one stock, so each
 * plays for the team.
 */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

#include "arena_bot.h"
#include "values/black_pot_eval.h"
#include "search_clock.h"
#include "games/support.h"

struct lookahead {
	long ms;
	struct black_pot_rolls rolls;
};

/* What `side` may expect from the next roll on `board`, less what the
 * other side may: for every roll, the best move of each side (placing
 * nothing is always possible, worth 0).  Sets *stopped when the clock ran
 * out before every roll was weighed. */
static double lookahead_expect(const struct lookahead *look,
			       const struct black_pot_eval *eval,
			       struct black_pot_eval_board *board, int side,
			       const struct search_clock *clock, bool *stopped)
{
	double expect = 0;

	for (int r = 0; r < BLACK_POT_ROLLS_COUNT; r++) {
		double gain[2];

		black_pot_eval_gains(eval, board, look->rolls.dice[r], gain);
		expect += look->rolls.chance[r] * (gain[side] - gain[1 - side]);
		if (search_clock_expired(clock)) {
			*stopped = true;
			return 0;
		}
	}
	return expect;
}

/* The index in the turn's legal list of the move to play: every move
 * weighed by its own change of the evaluation, then the most promising
 * ones, in order, by the expectimax over the next roll while time lasts;
 * the best of those wins (the first one always gets there). */
static int lookahead_choose(const struct lookahead *look, const cJSON *turn,
			    struct black_pot_eval_move *moves, int count,
			    struct black_pot_eval_board *board, int side)
{
	struct search_clock clock;
	struct black_pot_eval eval;
	double best = -DBL_MAX;
	int pick;
	bool stopped = false;

	search_clock_start(&clock, turn, look->ms);
	black_pot_eval_init(&eval, board, &look->rolls);
	black_pot_eval_rank(&eval, board, side, moves, count);
	pick = moves[0].index;
	for (int i = 0; i < count && !stopped; i++) {
		struct black_pot_eval_board after = *board;
		double value;

		black_pot_eval_play(&after, side, moves[i].cells,
				    moves[i].count);
		value = moves[i].value + lookahead_expect(look, &eval, &after,
							  side, &clock,
							  &stopped);
		if (!stopped && value > best) {
			best = value;
			pick = moves[i].index;
		}
	}
	return pick;
}

static cJSON *lookahead_decide(const cJSON *turn, void *ctx)
{
	const struct lookahead *look = ctx;
	const cJSON *view = arena_state(turn), *legal = arena_legal(turn);
	const cJSON *you = cJSON_GetObjectItemCaseSensitive(view, "you");
	struct black_pot_eval_move *moves;
	struct black_pot_eval_board board;
	char err[GAME_ERR_LEN];
	int count = cJSON_GetArraySize(legal), pick = -1;

	if (black_pot_eval_read_view(view, &board, err) < 0) {
		fprintf(stderr, "black-pot-lookahead: %s\n", err);
		return NULL;
	}
	if (!cJSON_IsNumber(you) || (you->valueint != 0 && you->valueint != 1) ||
	    count < 1) {
		fputs("black-pot-lookahead: the turn has no side (\"you\") or no legal moves\n",
		      stderr);
		return NULL;
	}
	moves = arena_games_xcalloc((size_t)count, sizeof *moves);
	if (black_pot_eval_read_legal(legal, moves, &board) == count)
		pick = lookahead_choose(look, turn, moves, count, &board,
					you->valueint);
	else
		fputs("black-pot-lookahead: a legal move does not name free cells of the board\n",
		      stderr);
	free(moves);
	return pick < 0 ? NULL :
			  cJSON_Duplicate(cJSON_GetArrayItem(legal, pick), 1);
}

int main(int argc, char **argv)
{
	static struct lookahead look;
	struct arena_bot_callbacks cb = {
		.decide = lookahead_decide, .ctx = &look,
	};

	int args = search_clock_args(argc, argv, "black-pot-lookahead", &look.ms);

	if (args)
		return args < 0 ? 2 : EXIT_SUCCESS;
	black_pot_rolls_init(&look.rolls);
	return arena_bot_run("black-pot-lookahead", "1", &cb) ? EXIT_FAILURE
							      : EXIT_SUCCESS;
}
