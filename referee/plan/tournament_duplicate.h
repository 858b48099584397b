/*
 * Duplicate sets in a tournament (docs/TOURNAMENTS.md, "Fields"):
 * with "duplicate": true each table's games are played as sets of as many
 * games as there are seats, the consecutive games of one split of the
 * table's bots into teams in each rotation of the seats (every rotation,
 * since a table's seating cycle lists each split's rotations in a row).
 * A set is played whole, on one worker, and is complete only when all its
 * games are; a set cut short is played again whole.
 */
#ifndef ARENA_TOURNAMENT_DUPLICATE_H
#define ARENA_TOURNAMENT_DUPLICATE_H

#include <cjson/cJSON.h>

#include "schedule.h"
#include "tournament_spec.h"

/* "duplicate" and "trusted_bots" of the file's `root` into spec; 0, or -1
 * with err when either is not true or false. */
int tournament_duplicate_read(const cJSON *root, struct tournament_spec *spec,
			      char *err);

/* 0, or -1 with err when spec plays duplicate sets without the sandbox
 * and the file does not say the bots are trusted. */
int tournament_duplicate_check(const struct tournament_spec *spec, char *err);

/* The first game of the set game `game` belongs to (the game itself
 * without duplicate sets). */
long tournament_duplicate_first(const struct tournament_spec *spec,
				const struct schedule *schedule, long game);

#endif
