/*
 * A bot's grades summed over games (docs/ANALYSIS.md, "A bot's figures"):
 * how many of its games were graded, its error rate per decision (the
 * mean chance to win lost per counted decision, and its inaccuracies,
 * mistakes and blunders per 100 decisions) and its luck per game.  The
 * report's table of bots and the league's bot page both show these.
 */
#ifndef ARENA_GRADE_TALLY_H
#define ARENA_GRADE_TALLY_H

#include <cjson/cJSON.h>

struct grade_tally {
	long games, decisions, marks;
	double error, luck;
};

/* Adds one graded game's seat: a member of a grade's "seats" (grade.h). */
void grade_tally_add(struct grade_tally *t, const cJSON *seat);

/* The tally as {"games", "decisions", "error_per_decision",
 * "marks_per_100", "luck_per_game"}; {"games": 0} when no game is graded. */
cJSON *grade_tally_json(const struct grade_tally *t);

/* The tally of each player of `games` (a report's games list: entries
 * with "players" and "grade", each seat's sums or null), as an object
 * keyed by name, a player with no graded game at {"games": 0}. */
cJSON *grade_tally_players(const cJSON *games);

#endif
