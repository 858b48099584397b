/*
 * One game in progress: the rules' state plus who is still in.
 * This is the part of running a game that does not talk to bots, shared by
 * the match (which does) and by `referee verify` (which replays a log), so
 * forfeits, the end of a game and the final ranking are decided by the
 * same code in both.
 */
#ifndef ARENA_GAME_PLAY_H
#define ARENA_GAME_PLAY_H

#include <stdbool.h>

#include "games/draws.h"
#include "games/game.h"

struct game_play {
	const struct game_rules *rules;
	int players;
	void *state;   /* NULL until begun, and if the game never began */
	int first_seat;
	int step;      /* actions applied so far */
	int leavings;  /* forfeits so far (a team's counts once) */
	bool out[GAME_MAX_SEATS];
	int out_order[GAME_MAX_SEATS]; /* 1 for the first to leave, ... */
};

/* What chance decides in a game of `rules`, in words for a sentence
 * ("the dice", "the dice and cards", or, in a game whose chance is only
 * its start, "the draws (who starts, the opening)"): Rolit has no dice. */
const char *game_play_chance(const struct game_rules *rules);

void game_play_init(struct game_play *play, const struct game_rules *rules,
		int players);

/* Starts play: picks the first seat among the seats still in (with
 * first=random one draw among them), creates the game and tells it of
 * seats that already left, so that no draw is ever made for them.  With
 * fewer than two sides left nothing is drawn or created.  -1 with err
 * when the rules refuse the options. */
int game_play_begin(struct game_play *play, const cJSON *options,
		struct draws *draws, char *err);

/* The seat to decide now, or -1 once the game is over. */
int game_play_to_move(const struct game_play *play);

/* The seat to move plays `action`; -1 with err when illegal. */
int game_play_apply(struct game_play *play, const cJSON *action,
		struct draws *draws, char *err);

/* The seat to move plays `move`, a number the rules' moves() gave for
 * this position, through their apply_move() (the caller knows they have
 * it). */
void game_play_apply_move(struct game_play *play, int move,
		struct draws *draws);

/* `seat` leaves the game (a forfeit); in a team game its partners leave with
 * it (docs/games/black-pot.md, "Rolls and turns": a forfeit forfeits the
 * team). */
void game_play_forfeit(struct game_play *play, int seat, struct draws *draws);

/* Final ranks: the game's order among seats still in, then seats that
 * left, later leavers above earlier ones, partners who left together
 * sharing a rank. */
void game_play_result(const struct game_play *play, struct game_result *result);

/* Checks that the rules accept `options` for this many players, by
 * creating and dropping a game on a throwaway key. */
int game_play_check_setup(const struct game_rules *rules, const cJSON *options,
			  int players, char *err);

void game_play_free(struct game_play *play);

#endif
