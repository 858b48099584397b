/*
 * The register held to the runs (docs/FAIRNESS-LEAGUE.md, item 26): the versions
 * a league run seats are, each, the newest of its bot and not retired in
 * the register's state that the run's "register" record names, so that a
 * register rewritten with the key (a bot retired before a run that seated
 * it) is refused by `verify` and by every verb that checks the index.
 */
#ifndef ARENA_LEAGUE_SEATS_H
#define ARENA_LEAGUE_SEATS_H

#include "base/chain.h"

/* That each "started" record of the run.jsonl `run` (at `path`) seats
 * the versions the register's lines `reg` had newest, not retired, in
 * the state its "register" record names: 0, or -1 with err ("line N:
 * ...", without the path) naming the first seat that is not.  A run with
 * no "register" record (revision 5) is not held to it. */
int league_seats_check(const struct chain_lines *reg, const struct chain_lines *run,
		       char *err);

#endif
