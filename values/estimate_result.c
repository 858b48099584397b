/*
 * A game over's shares of the win (estimate_result.h).
 */
#include "estimate_result.h"

void estimate_shares(const struct game_result *r, int players,
		     double chance[GAME_MAX_SEATS])
{
	int winners = 0;

	for (int s = 0; s < players; s++)
		winners += r->rank[s] == 1;
	for (int s = 0; s < players; s++)
		chance[s] = r->rank[s] == 1 ? 1.0 / winners : 0;
}

void estimate_result(const struct game_rules *rules, int players,
		     const void *state, double chance[GAME_MAX_SEATS])
{
	struct game_result r;

	rules->result(state, &r);
	estimate_shares(&r, players, chance);
}
