/*
 * One game in progress at a table: the rules' state plus who is still in.
 * This is the part of running a game that does not talk to bots, shared by
 * the match (which does) and by `referee verify` (which replays a log), so
 * forfeits, the end of a game and the final ranking are decided by the
 * same code in both.
 */
#ifndef ARENA_TABLE_H
#define ARENA_TABLE_H

#include <stdbool.h>

#include "draws.h"
#include "games/game.h"

struct table {
	const struct game_rules *rules;
	int players;
	void *state;   /* NULL until begun, and if the game never began */
	int first_seat;
	int step;      /* actions applied so far */
	int leavings;  /* forfeits so far (a team's counts once) */
	bool out[GAME_MAX_SEATS];
	int out_order[GAME_MAX_SEATS]; /* 1 for the first to leave, ... */
};

void table_init(struct table *table, const struct game_rules *rules,
		int players);

/* Starts play: picks the first seat among the seats still in (with
 * first=random one draw among them), creates the game and tells it of
 * seats that already left, so that no draw is ever made for them.  With
 * fewer than two sides left nothing is drawn or created.  -1 with err
 * when the rules refuse the options. */
int table_begin(struct table *table, const cJSON *options,
		struct draws *draws, char *err);

/* The seat to decide now, or -1 once the game is over. */
int table_to_move(const struct table *table);

/* The seat to move plays `action`; -1 with err when illegal. */
int table_apply(struct table *table, const cJSON *action,
		struct draws *draws, char *err);

/* `seat` leaves the game (a forfeit); in a team game its partners leave
 * with it (RULES.md: a forfeit forfeits the team). */
void table_forfeit(struct table *table, int seat, struct draws *draws);

/* Final ranks: the game's order among seats still in, then seats that
 * left, later leavers above earlier ones, partners who left together
 * sharing a rank. */
void table_result(const struct table *table, struct game_result *result);

/* Checks that the rules accept `options` for this many players, by
 * creating and dropping a game on a throwaway key. */
int table_check_setup(const struct game_rules *rules, const cJSON *options,
		      int players, char *err);

void table_free(struct table *table);

#endif
