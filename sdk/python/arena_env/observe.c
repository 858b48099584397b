/*
 * Observations as vectors of numbers; see observe.h and
 * docs/ENVIRONMENT.md, which lists them.  The dice games' numbers are
 * their rules' own (arena_dice_game_numbers(), games/dice.h), and so
 * are Black-Pot's (arena_black_pot_observation(), games/black_pot.h);
 * Rolit's four planes of balls come from arena_rolit_colours()
 * (games/rolit.h).  All are read from the state.
 */
#include "observe.h"

#include <string.h>

#include "games/dice.h"
#include "games/black_pot.h"
#include "games/rolit.h"
#include "games/rolit_board.h"

/* Rolit's planes: plane p holds the balls of the colour p after the
 * seat's own in the order of play (plane 0 its own), four always. */
static int observe_rolit_state(const void *state, int seat, float *out)
{
	signed char colours[ROLIT_SQUARES];
	int size, cells;

	arena_rolit_colours(state, seat, &size, colours);
	cells = size * size;
	if (out) {
		memset(out, 0, (size_t)(ROLIT_COLOURS * cells) * sizeof *out);
		for (int i = 0; i < cells; i++)
			if (colours[i] >= 0)
				out[colours[i] * cells + i] = 1;
	}
	return ROLIT_COLOURS * cells;
}

int observe_state(const struct game_rules *rules, const void *state,
		  int seat, float *out)
{
	double numbers[OBSERVE_MOST];
	int n = 0;

	switch (rules->family) {
	case GAME_FAMILY_ROLIT:
		return observe_rolit_state(state, seat, out);
	case GAME_FAMILY_DICE:
		n = arena_dice_game_numbers(state, seat, out ? numbers : NULL);
		break;
	case GAME_FAMILY_BLACK_POT:
		return arena_black_pot_observation(state, seat, out);
	}
	if (!out)
		return n;
	for (int i = 0; i < n; i++)	/* a loop the compiler vectorises */
		out[i] = (float)numbers[i];
	return n;
}

int observe_actions(const struct game_rules *rules, const void *state)
{
	signed char colours[ROLIT_SQUARES];
	int size;

	switch (rules->family) {
	case GAME_FAMILY_DICE:
		/* every keep of 1 to all the dice, then the game's words */
		return arena_dice_game_actions(state);
	case GAME_FAMILY_ROLIT:
		arena_rolit_colours(state, 0, &size, colours);
		return size * size;
	case GAME_FAMILY_BLACK_POT:
		/* every set of 0 to 3 cells (docs/games/black-pot.md) */
		return BLACK_POT_MOVE_IDS;
	}
	return 0;
}

int observe_legal_most(const struct game_rules *rules, int action_n)
{
	if (rules->family == GAME_FAMILY_DICE)
		return DICE_MAX_SETS + 4;   /* every keep of a roll, the words */
	return action_n < GAME_MAX_MOVES ? action_n : GAME_MAX_MOVES;
}
