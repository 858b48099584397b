/*
 * A bot of a tournament file as the tournament runs it, shared by the
 * workers that play its games and by `referee check-bot --tournament`,
 * which must run it exactly so: its command, its folders, its environment,
 * its readable paths and pondering, the run's limits, and the paths it
 * must not see (the run's hidden ones and the other bots' folders).
 */
#ifndef ARENA_TOURNAMENT_ENTRANT_H
#define ARENA_TOURNAMENT_ENTRANT_H

#include "match/match.h"
#include "plan/tournament_file.h"

/* Fills *out with bot `bot` of `spec`, its stderr going to `stderr_path`.
 * Returns the list of paths hidden from it, which out points to: free it
 * (not its strings) after the match. */
const char **tournament_entrant(const struct tournament_spec *spec, int bot,
				const char *stderr_path,
				struct match_entrant *out);

/* The bot of `spec` named `name`, or -1. */
int tournament_bot_index(const struct tournament_spec *spec, const char *name);

#endif
