/*
 * Observations as vectors of numbers; see observe.h and
 * docs/ENVIRONMENT.md, which lists them.  The dice games' numbers are
 * their rules' own (arena_dice_game_numbers(), games/dice.h), Rolit's
 * four planes of balls come from arena_rolit_colours() (games/rolit.h),
 * both read from the state; Black-Pot's are read from its view: the 121
 * cells' numbers (0 cut), a plane of the seat's side's pawns and one of
 * the other side's, the roll, the rolls made and allowed, pawns left
 * and points of its side then of the other (372 numbers).
 */
#include "observe.h"

#include <string.h>

#include "games/dice.h"
#include "games/black_pot.h"
#include "games/rolit.h"
#include "games/rolit_board.h"

#define BOARD_SIDE BLACK_POT_SIDE

/* A number member of the view, 0 when absent. */
static double member_number(const cJSON *view, const char *name)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(view, name);

	return cJSON_IsNumber(item) ? item->valuedouble : 0;
}

static int put(float *out, int at, double value)
{
	if (out)
		out[at] = (float)value;
	return at + 1;
}

/* A pair member (pawns, points) from the side `you` first. */
static int side_pair(const cJSON *view, const char *name, int you, float *out,
		     int at)
{
	const cJSON *pair = cJSON_GetObjectItemCaseSensitive(view, name);

	at = put(out, at, cJSON_GetArrayItem(pair, you)->valuedouble);
	return put(out, at, cJSON_GetArrayItem(pair, 1 - you)->valuedouble);
}

static int observe_black_pot(const cJSON *view, float *out)
{
	const cJSON *numbers = cJSON_GetObjectItemCaseSensitive(view, "numbers");
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(view, "board");
	const cJSON *row, *die;
	int you = (int)member_number(view, "you"), cells = BOARD_SIDE * BOARD_SIDE;
	int at = 0, y = 0;
	char mine = you ? 'O' : 'X', theirs = you ? 'X' : 'O';

	cJSON_ArrayForEach(row, numbers) {
		const cJSON *number;

		cJSON_ArrayForEach(number, row)
			at = put(out, at, number->valuedouble);
	}
	cJSON_ArrayForEach(row, board) {
		const char *text = cJSON_GetStringValue(row);

		for (int x = 0; out && x < BOARD_SIDE; x++) {
			out[at + y * BOARD_SIDE + x] = text[x] == mine;
			out[at + cells + y * BOARD_SIDE + x] = text[x] == theirs;
		}
		y++;
	}
	at += 2 * cells;
	cJSON_ArrayForEach(die, cJSON_GetObjectItemCaseSensitive(view, "roll"))
		at = put(out, at, die->valuedouble);
	at = put(out, at, member_number(view, "rolls"));
	at = put(out, at, member_number(view, "max_rolls"));
	at = side_pair(view, "pawns", you, out, at);
	return side_pair(view, "points", you, out, at);
}

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

/* A dice game's numbers (dice.h), as floats; out NULL: only counts. */
static int observe_dice_state(const struct dice_game *g, int seat,
			      double target, float *out)
{
	double numbers[OBSERVE_DICE_MOST];
	int n = arena_dice_game_numbers(g, seat, (long)target,
					out ? numbers : NULL);

	for (int i = 0; out && i < n; i++)
		out[i] = (float)numbers[i];
	return n;
}

int observe_state(const struct game_rules *rules, const void *state,
		  double target, int seat, float *out)
{
	if (rules->family == GAME_FAMILY_ROLIT)
		return observe_rolit_state(state, seat, out);
	if (rules->family == GAME_FAMILY_DICE)
		return observe_dice_state(state, seat, target, out);
	return -1;
}

int observe_encode(const struct game_rules *rules, const cJSON *view,
		   float *out)
{
	return rules->family == GAME_FAMILY_BLACK_POT ?
		observe_black_pot(view, out) : 0;
}

int observe_actions(const struct game_rules *rules, const void *state,
		    const cJSON *view)
{
	int size;

	switch (rules->family) {
	case GAME_FAMILY_DICE:
		/* every keep of 1 to all the dice, then the game's words */
		return arena_dice_game_actions(state);
	case GAME_FAMILY_ROLIT:
		size = (int)member_number(view, "size");
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
