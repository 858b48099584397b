/*
 * The playouts' rule (estimate_rule.h).  In the dice games: after a roll
 * the keep of the most points (the fewest dice among equals, so that more
 * are left to roll); between rolls a bank once the turn holds
 * ESTIMATE_RULE_BANK points or two dice or fewer are left to roll, else a
 * roll (or, in Volle Lotte, a card).  Elsewhere a legal action at random:
 * the playouts of plain Monte Carlo search.
 */
#include "estimate_rule.h"

#include "games/dice.h"

uint64_t estimate_rule_random(uint64_t *stream)
{
	uint64_t z = (*stream += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* The index in moves[] of the keep of the most points of the roll
 * waiting, or -1. */
static int dice_best_keep(const struct dice_game *g, const int *moves, int n)
{
	const struct dice_set *best = NULL;
	int pick = -1;

	for (int i = 0; i < n; i++) {
		int word = arena_dice_game_legal_word(g, moves[i]);
		const struct dice_set *s = word < 0 ? &g->set[-1 - word] : NULL;

		if (s && (!best || s->points > best->points ||
			  (s->points == best->points && s->dice < best->dice))) {
			best = s;
			pick = i;
		}
	}
	return pick;
}

/* The index of the word `word` among moves[], or -1. */
static int dice_word(const struct dice_game *g, const int *moves, int n,
		     enum dice_word word)
{
	for (int i = 0; i < n; i++)
		if (arena_dice_game_legal_word(g, moves[i]) == (int)word)
			return i;
	return -1;
}

static int dice_pick(const struct dice_game *g, const int *moves, int n)
{
	int keep = dice_best_keep(g, moves, n), bank, on;

	if (keep >= 0)
		return keep;
	bank = dice_word(g, moves, n, DICE_BANK);
	if (bank >= 0 && (g->turn >= ESTIMATE_RULE_BANK ||
			  (g->left > 0 && g->left <= 2)))
		return bank;
	if ((on = dice_word(g, moves, n, DICE_ROLL)) >= 0 ||
	    (on = dice_word(g, moves, n, DICE_DRAW)) >= 0)
		return on;
	return bank >= 0 ? bank : 0;
}

int estimate_rule_choice(const struct game_rules *rules, const void *state,
			 const int *moves, int n)
{
	return rules->family == GAME_FAMILY_DICE ? dice_pick(state, moves, n) : -1;
}

int estimate_rule_pick(const struct game_rules *rules, const void *state,
		       const int *moves, int n, uint64_t *stream)
{
	int choice = estimate_rule_choice(rules, state, moves, n);

	return choice >= 0 ? choice :
			     (int)(estimate_rule_random(stream) % (uint64_t)n);
}

const char *estimate_rule_words(const struct game_rules *rules)
{
	if (rules->family == GAME_FAMILY_DICE)
		return "keeping the most points and banking from 350 or with "
		       "2 dice or fewer to roll";
	return "playing at random";
}
