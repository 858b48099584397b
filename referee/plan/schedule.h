/*
 * The schedule of a tournament: which bots sit at which seats in every
 * game, computed from the tournament spec alone so that a resumed run and
 * every shard of a run agree on it exactly.
 *
 * Games come in tables: one set of bots playing `games` games in a row
 * with the same processes, the seating rotating so that each bot sits in
 * each seat equally often.  Round-robin: every set of `players` bots is a
 * table.  Gauntlet: the sets that hold a challenger.  Team games
 * (game_rules.team_of) also rotate partners: every split of a table's
 * bots into teams is seated in turn.  With a seed, the order of the tables
 * is shuffled by it (so a run stopped early is still a fair sample).
 *
 * A schedule grows when bots are added at the end of the file's list to
 * a run already made (a club ladder's new entrants): the first run's bots
 * make generation 0, today's schedule of them alone, and each later bot j
 * adds generation j, the tables holding it and otherwise only bots before
 * it, after all earlier tables.  So the old games keep their numbers and
 * seatings, and the schedule is the same in whatever steps bots were
 * added.
 *
 * A Swiss (swiss.h) has a table for each pairing of each round, in
 * round order, games numbered as swiss_game_number() says; a round's
 * tables are seated once every game of the rounds before has its ranks
 * (schedule_pair()), until then their bots are -1.  It has one
 * generation: no bot joins a Swiss run.
 *
 * A table's seatings form a cycle: for each split of its bots into teams
 * (one split when the game has no teams), the split's seating in each of
 * the `players` cyclic rotations of the seats.  Game g of a table (from 0)
 * takes seating g mod the cycle length, so a table whose `games` is a
 * multiple of the cycle is balanced on its own; tournament files require
 * that.
 */
#ifndef ARENA_SCHEDULE_H
#define ARENA_SCHEDULE_H

#include "games/game.h"
#include "swiss.h"
#include "tournament_spec.h"

struct scheduled_game {
	long number;                  /* 1-based, over the whole schedule */
	int table;                    /* index into schedule.tables */
	int seating[GAME_MAX_SEATS];  /* bot index at each seat; -1 past
					 the last seat */
};

struct schedule_table {
	int bots[GAME_MAX_SEATS];     /* the table's bots, ascending; -1
					 past the last */
	long first_game, game_count;  /* its games: numbers first.. */
};

/* Tables are in the order they are played; games[i] is game number i + 1,
 * and each table's games are consecutive. */
struct schedule {
	int players;
	int first_bots;               /* the bots of generation 0 */
	long game_count;
	struct scheduled_game *games;
	int table_count;
	struct schedule_table *tables;
	struct swiss_field swiss;     /* a Swiss's; rounds 0 otherwise */
	int paired;                   /* a Swiss's rounds seated so far */
};

/* The length of a table's seating cycle for `players` seats of `rules`;
 * -1 with err when rotating the seats would break up the game's teams
 * (seats s and t must be partners exactly when seats s + 1 and t + 1 mod
 * players are, as when partners sit opposite each other). */
int schedule_seating_count(const struct game_rules *rules, int players,
			   char *err);

/* Builds the schedule of which the first `first_bots` bots of `spec`
 * (at most all of them) make generation 0; -1 with err when those cannot
 * fill a table or the schedule would pass `max_games` (at most INT_MAX). */
int schedule_build(const struct tournament_spec *spec, int first_bots,
		   long max_games, struct schedule *schedule, char *err);
void schedule_free(struct schedule *schedule);

/* A Swiss's rounds seated from the ranks `ranks` gives (swiss.h): as
 * many as they allow.  The number of rounds seated. */
int schedule_pair(struct schedule *schedule, swiss_ranks_fn *ranks, void *ctx);
/* Seats the Swiss table `table` (an index into schedule.tables) as
 * `pair`: the bot first seated in its first game, then the other. */
void schedule_seat_pair(struct schedule *schedule, int table, const int pair[2]);
/* Whether table `table` is seated (a Swiss's waits for its round). */
bool schedule_table_seated(const struct schedule *schedule, int table);
/* A Swiss paired again without the bots `absent` names (by bot; kept,
 * not copied): before any game, its first round; their boards left
 * empty (swiss.h). */
void schedule_leave_out(struct schedule *schedule, const bool *absent);
/* Whether table `table` is a Swiss's empty board: never played. */
bool schedule_table_empty(const struct schedule *schedule, int table);

/* The games of the schedule's first generations, those of its first
 * `bots` bots (at least first_bots): the schedule a run of those bots
 * alone has. */
long schedule_games_of(const struct schedule *schedule, int bots);

/* Whether table `table` (an index into schedule.tables) belongs to shard
 * `index` (1-based) of `count`: tables are dealt to the shards in turn, so
 * the shards partition the tables and differ by at most one table. */
bool schedule_in_shard(int table, int index, int count);

/* The first game of the duplicate set (`duplicate`: the spec's) that game
 * `game` belongs to; the game itself without duplicate sets. */
long schedule_set_first(const struct schedule *schedule, bool duplicate, long game);

#endif
