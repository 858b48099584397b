/*
 * black-pot-mcts's search (black_pot_mcts_search.h).  The chance nodes are
 * open-loop: every iteration draws its own rolls, so no tree of outcomes
 * is stored, only the root's statistics.  When the other side has still
 * to play the current roll (2 players: the side first to play roll 1
 * starts every odd roll), its reply uses that roll instead of a drawn one.
 */
#include "black_pot_mcts_search.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/support.h"

#define MCTS_CANDIDATES 8 /* root moves searched, best by evaluation */
#define MCTS_PLIES 4	   /* plies played out after the root move */
#define MCTS_SAMPLE 20	   /* moves weighed by the playout policy a ply */
#define MCTS_EXPLORE 40.0  /* UCB1's constant, in points */

/* A root candidate's iterations and their total value. */
struct mcts_stats {
	double sum;
	long visits;
};

static unsigned mcts_random(struct black_pot_mcts *m)
{
	m->seed = m->seed * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)(m->seed >> 33);
}

/* A playout's ply: `side` plays the roll `dice` greedily over a sample of
 * its moves; the change of the evaluation for `side`. */
static double mcts_ply(struct black_pot_mcts *m, const struct black_pot_eval *eval,
		       struct black_pot_eval_board *board, int side,
		       const int dice[3])
{
	int open[BLACK_POT_CELLS], best = -1;
	struct black_pot_move *moves;
	double gain = 0;
	int count;

	if (!board->pawns[side])
		return 0;
	for (int c = 0; c < BLACK_POT_CELLS; c++)
		open[c] = board->owner[c] < 0 ? board->number[c] : 0;
	count = arena_black_pot_moves(dice, open, board->pawns[side] > 3 ?
					    3 : board->pawns[side], &moves);
	for (int i = 0; i < MCTS_SAMPLE && count > 1; i++) {
		int k = 1 + (int)(mcts_random(m) % (unsigned)(count - 1));
		double d = black_pot_eval_delta(eval, board, side,
						moves[k].cells, moves[k].count);

		if (d > gain) {
			gain = d;
			best = k;
		}
	}
	if (best > 0)
		black_pot_eval_play(board, side, moves[best].cells,
				    moves[best].count);
	free(moves);
	return gain;
}

/* One iteration after the root move: the other side plays first (the
 * current roll when it has still to play it), then the sides alternate,
 * each ply with a drawn roll; the change for `side`. */
static double mcts_playout(struct black_pot_mcts *m, const struct black_pot_eval *eval,
			   struct black_pot_eval_board *board, int side,
			   const int roll[3], bool other_same_roll)
{
	double total = 0;

	for (int p = 0; p < MCTS_PLIES; p++) {
		int s = p % 2 ? side : 1 - side, dice[3];

		if (!board->pawns[0] || !board->pawns[1])
			break;
		for (int i = 0; i < 3; i++)
			dice[i] = p == 0 && other_same_roll ?
					  roll[i] :
					  1 + (int)(mcts_random(m) % 6);
		total += (s == side ? 1 : -1) *
			 mcts_ply(m, eval, board, s, dice);
	}
	return total;
}

/* The candidate UCB1 picks. */
static int mcts_select(const struct mcts_stats *stats, int count, long total)
{
	double best = -DBL_MAX;
	int pick = 0;

	for (int i = 0; i < count; i++) {
		double u;

		if (!stats[i].visits)
			return i;
		u = stats[i].sum / (double)stats[i].visits +
		    MCTS_EXPLORE * sqrt(log((double)total) /
					(double)stats[i].visits);
		if (u > best) {
			best = u;
			pick = i;
		}
	}
	return pick;
}

/* The index in the legal list of the move to play. */
static int mcts_choose(struct black_pot_mcts *m,
		       struct black_pot_eval_move *moves,
		       int count, struct black_pot_eval_board *board, int side,
		       const int roll[3], bool other_same_roll,
		       const struct search_clock *clock, long max_iterations)
{
	struct mcts_stats stats[MCTS_CANDIDATES] = {{0, 0}};
	struct black_pot_eval eval;
	long total = 0;
	int pick = 0;

	black_pot_eval_init(&eval, board, &m->rolls);
	black_pot_eval_rank(&eval, board, side, moves, count);
	if (count > MCTS_CANDIDATES)
		count = MCTS_CANDIDATES;
	while (count > 1 && (!clock || !search_clock_expired(clock)) &&
	       (!max_iterations || total < max_iterations)) {
		int i = mcts_select(stats, count, ++total);
		struct black_pot_eval_board after = *board;

		black_pot_eval_play(&after, side, moves[i].cells,
				    moves[i].count);
		stats[i].sum += moves[i].value +
				mcts_playout(m, &eval, &after, side, roll,
					     other_same_roll);
		stats[i].visits++;
	}
	m->iterations = total;
	for (int i = 1; i < count; i++)
		if (stats[i].visits &&
		    stats[i].sum / (double)stats[i].visits >
			    stats[pick].sum / (double)(stats[pick].visits ?
							       stats[pick].visits : 1))
			pick = i;
	return moves[pick].index;
}

/* Whether, with 2 players, the other side has still to play this roll:
 * the side first to play roll 1 (seen on the bot's first turn: the other
 * side has played nothing yet) starts every odd roll. */
static bool mcts_other_same_roll(struct black_pot_mcts *m, const cJSON *view,
				 const struct black_pot_eval_board *board,
				 int side)
{
	const cJSON *rolls = cJSON_GetObjectItemCaseSensitive(view, "rolls");
	int r = cJSON_IsNumber(rolls) ? rolls->valueint : 0;

	if (r == 1)
		m->first_side = board->pawns[1 - side] == 40 ? side : 1 - side;
	if (m->first_side < 0 || r < 1)
		return false;
	return ((r - 1) % 2 ? 1 - m->first_side : m->first_side) == side;
}

void black_pot_mcts_search_init(struct black_pot_mcts *m, unsigned long seed)
{
	m->seed = seed;
	m->first_side = -1;
	m->iterations = 0;
	black_pot_rolls_init(&m->rolls);
}

int black_pot_mcts_search_pick(struct black_pot_mcts *m, const cJSON *view,
			const cJSON *legal, const struct search_clock *clock,
			long max_iterations, char *err)
{
	const cJSON *you = cJSON_GetObjectItemCaseSensitive(view, "you");
	const cJSON *roll = cJSON_GetObjectItemCaseSensitive(view, "roll");
	struct black_pot_eval_board board;
	struct black_pot_eval_move *moves;
	int count = cJSON_GetArraySize(legal), pick = -1, dice[3];

	if (black_pot_eval_read_view(view, &board, err) < 0)
		return -1;
	if (!cJSON_IsNumber(you) || (you->valueint != 0 && you->valueint != 1) ||
	    count < 1 || cJSON_GetArraySize(roll) != 3) {
		snprintf(err, GAME_ERR_LEN,
			 "the turn has no side (\"you\"), roll or legal moves");
		return -1;
	}
	for (int i = 0; i < 3; i++)
		dice[i] = cJSON_GetArrayItem(roll, i)->valueint;
	moves = arena_games_xcalloc((size_t)count, sizeof *moves);
	if (black_pot_eval_read_legal(legal, moves, &board) == count)
		pick = mcts_choose(m, moves, count, &board, you->valueint, dice,
				   mcts_other_same_roll(m, view, &board,
							you->valueint),
				   clock, max_iterations);
	else
		snprintf(err, GAME_ERR_LEN,
			 "a legal move does not name free cells of the board");
	free(moves);
	return pick;
}
