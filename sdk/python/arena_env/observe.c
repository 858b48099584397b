/*
 * Views as vectors of numbers; see observe.h.  Dice games: the scores
 * from the seat's own on, the turn total, the dice left, the roll and
 * the dice set aside as counts of each face 1-6, the target (players +
 * 15 numbers).  Rolit: one plane of size x size a player, the seat's own
 * colour first, 1 where its ball lies.  Black-Pot: the 121 cells' numbers
 * (0 cut), then a plane of the seat's side's pawns and one of the other
 * side's, the roll, the rolls made and allowed, pawns left and points of
 * its side then of the other (372 numbers).
 */
#include "observe.h"

#include <string.h>

#include "games/dice.h"
#include "games/black_pot.h"
#include "games/rolit.h"

#define BOARD_SIDE BLACK_POT_SIDE
/* Room for the moves of any roll (ARENA_BLACK_POT_MOVES_MAX of the C SDK). */
#define BLACK_POT_ACTIONS 1024

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

/* Counts of each face 1-6 among the dice of the array `name`. */
static int dice_faces(const cJSON *view, const char *name, float *out, int at)
{
	const cJSON *die;

	if (out)
		memset(out + at, 0, DICE_FACES * sizeof *out);
	cJSON_ArrayForEach(die, cJSON_GetObjectItemCaseSensitive(view, name))
		if (out && die->valueint >= 1 && die->valueint <= DICE_FACES)
			out[at + die->valueint - 1] += 1;
	return at + DICE_FACES;
}

static int observe_dice(const cJSON *view, float *out)
{
	const cJSON *scores = cJSON_GetObjectItemCaseSensitive(view, "scores");
	int players = cJSON_GetArraySize(scores), at = 0;
	int you = (int)member_number(view, "you");

	for (int i = 0; i < players; i++)
		at = put(out, at, cJSON_GetArrayItem(scores, (you + i) % players)
					  ->valuedouble);
	at = put(out, at, member_number(view, "turn_total"));
	at = put(out, at, member_number(view, "dice_left"));
	at = dice_faces(view, "roll", out, at);
	at = dice_faces(view, "set_aside", out, at);
	return put(out, at, member_number(view, "target"));
}

static int observe_rolit(const cJSON *view, float *out)
{
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(view, "board");
	const cJSON *colours = cJSON_GetObjectItemCaseSensitive(view, "colours");
	const char *you = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(view, "you"));
	int size = (int)member_number(view, "size");
	int players = cJSON_GetArraySize(colours), first = 0, cells = size * size;

	for (int i = 0; you && i < players; i++)
		if (strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(colours, i)),
			   you) == 0)
			first = i;
	if (!out)
		return cells * players;
	memset(out, 0, (size_t)(cells * players) * sizeof *out);
	for (int p = 0; p < players; p++) {
		const char *name = cJSON_GetStringValue(
			cJSON_GetArrayItem(colours, (first + p) % players));
		char letter = (char)(name[0] - 'a' + 'A');
		int y = 0;
		const cJSON *row;

		cJSON_ArrayForEach(row, board) {
			const char *text = cJSON_GetStringValue(row);

			for (int x = 0; x < size; x++)
				out[p * cells + y * size + x] = text[x] == letter;
			y++;
		}
	}
	return cells * players;
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

/* The dice game's numbers from its state, as observe_dice() reads them
 * from its view, without making the view: every dice game's state
 * begins with its struct dice_game (dice.h), the target is an option. */
static void observe_dice_state(const struct dice_game *g, int seat,
			       double target, float *out)
{
	int at = 0;

	for (int i = 0; i < g->players; i++)
		out[at++] = (float)g->score[(seat + i) % g->players];
	out[at++] = (float)g->turn;
	out[at++] = (float)g->left;
	for (int f = 1; f <= DICE_FACES; f++)
		out[at++] = (float)(g->rolled ? g->roll[f] : 0);
	for (int f = 1; f <= DICE_FACES; f++)
		out[at++] = (float)g->aside[f];
	out[at] = (float)target;
}

/* Rolit's planes from its state, as observe_rolit() reads them from its
 * view: plane p holds the balls of seat (seat + p) mod players. */
static void observe_rolit_state(const void *state, int seat, float *out)
{
	signed char owners[ROLIT_SQUARES];
	int size, players, cells;

	arena_rolit_owners(state, &size, &players, owners);
	cells = size * size;
	memset(out, 0, (size_t)(cells * players) * sizeof *out);
	for (int i = 0; i < cells; i++)
		if (owners[i] >= 0)
			out[(owners[i] - seat + players) % players * cells + i] = 1;
}

int observe_state(const struct game_rules *rules, const void *state,
		  double target, int seat, float *out)
{
	if (rules->family == GAME_FAMILY_ROLIT) {
		observe_rolit_state(state, seat, out);
		return 0;
	}
	if (rules->family != GAME_FAMILY_DICE || target < 0)
		return -1;
	observe_dice_state(state, seat, target, out);
	return 0;
}

int observe_encode(const struct game_rules *rules, const cJSON *view,
		   float *out)
{
	switch (rules->family) {
	case GAME_FAMILY_DICE: return observe_dice(view, out);
	case GAME_FAMILY_ROLIT: return observe_rolit(view, out);
	case GAME_FAMILY_BLACK_POT: return observe_black_pot(view, out);
	}
	return 0;
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
		return BLACK_POT_ACTIONS;
	}
	return 0;
}

int observe_legal_most(const struct game_rules *rules, int action_n)
{
	if (rules->family == GAME_FAMILY_DICE)
		return DICE_MAX_SETS + 4;   /* every keep of a roll, the words */
	return action_n < GAME_MAX_MOVES ? action_n : GAME_MAX_MOVES;
}
