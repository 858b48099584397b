/*
 * The directives that the rules suites' case tables share, played on a
 * game through its rules table (dice_cases.c, black_pot_cases.c): "move",
 * "reject" and "scores"/"ranks".  A failure names the case and the line
 * of `t`.
 */
#ifndef ARENA_CASE_RULES_H
#define ARENA_CASE_RULES_H

#include <stdbool.h>

#include "case_table.h"
#include "games/game.h"

/* move ACTION: apply(ACTION) succeeds (ACTION is JSON). */
void case_rules_move(const struct case_table *t,
		     const struct game_rules *rules, void *state,
		     struct draws *draws, const char *args);

/* reject ACTION TEXT: apply(ACTION) fails with an error that contains
 * TEXT (that is TEXT when `whole`), the state unchanged. */
void case_rules_reject(const struct case_table *t,
		       const struct game_rules *rules, void *state,
		       struct draws *draws, const char *args, bool whole);

/* Everything a rejected action must leave as it was: seat 0's view and
 * the legal list, as one text (free it). */
char *case_rules_snapshot(const struct game_rules *rules, const void *state);

/* scores S... (scores true) or ranks R...: the result of each of the
 * `players` seats, in seat order. */
void case_rules_result(const struct case_table *t,
		       const struct game_rules *rules, const void *state,
		       int players, const char *args, bool scores);

#endif
