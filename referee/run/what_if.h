/*
 * A what-if (docs/ANALYSIS.md, "What if"): from decision `move` of a
 * logged game, another action, and the game played on by bots on the
 * logged game's own key, every draw at the address the game would draw
 * it, by the match that plays every game (match_set.h's match_what_if).
 * Its log says it is hypothetical and is never signed: `verify`, the
 * ladders, the league and the report refuse it, `replay` shows it.
 */
#ifndef ARENA_WHAT_IF_H
#define ARENA_WHAT_IF_H

#include <cjson/cJSON.h>

#include "base/logread.h"
#include "match/match.h"

struct what_if {
	const struct game_log *log; /* the logged game, verified */
	int move;                   /* the decision played otherwise, from 1 */
	const cJSON *action;        /* what is played there instead */
	/* Who plays on, seat by seat (the log's seats), and how. */
	const struct match_entrant *entrants;
	struct time_control time;
	const char *out;            /* the what-if's log */
};

/* The reference bot of `game` (docs/bots/README.md): its program's name
 * beside the referee's bots ("win-bot"), or NULL. */
const char *what_if_reference_bot(const char *game);

/* Plays the what-if into w->out: 0, or -1 with err (ERR_LEN bytes): a
 * move the log does not have or that no bot decided, a log whose game
 * had no key, an action the rules refuse there (their reason). */
int what_if_play(const struct what_if *w, char *err);

#endif
