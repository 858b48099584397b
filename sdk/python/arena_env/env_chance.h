/*
 * The environment's explicit chance (docs/ENVIRONMENT.md, "Every chance
 * node"): with it, each draw of a game (who starts, a layout, a card, a
 * roll) is a turn of the chance agent, whose legal ids are the draw's
 * outcomes (games/chance.h).  A step whose draws are not all chosen
 * waits as the game's pending step; each outcome chosen tries it again on
 * a copy of the state, until it has every draw it makes and is played.
 * env_game.c calls these; they call the rules and game_play only.
 */
#ifndef ARENA_ENV_CHANCE_H
#define ARENA_ENV_CHANCE_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "games/chance.h"

struct env_game;

enum env_pending { ENV_PENDING_NONE, ENV_PENDING_BEGIN, ENV_PENDING_MOVE,
		   ENV_PENDING_ACTION };

/* The explicit chance of one game: its pending step and the outcomes
 * chosen for its draws. */
struct env_chance {
	enum env_pending pending;
	int move;                  /* ENV_PENDING_MOVE's */
	cJSON *action;             /* ENV_PENDING_ACTION's */
	struct chance_script script;
	void *trial;               /* the rules' state_size bytes */
};

/* Explicit chance for g (its rules known): g->chance set. */
void env_chance_new(struct env_game *g);
void env_chance_free(struct env_chance *c);
/* The size of the chance agent's table of ids, in every game: the most
 * outcomes a draw has (7 dice's multisets). */
#define ENV_CHANCE_IDS CHANCE_MAX_OUTCOMES

/* Makes `pending` the game's pending step (move or action for a move,
 * borrowed) and tries it: 0 when played or waiting on a chance node,
 * -1 with err when the rules refuse it (nothing then pends). */
int env_chance_pend(struct env_game *g, enum env_pending pending, int move,
		    const cJSON *action, char *err);
/* Whether a step waits on a chance node. */
static inline bool env_chance_waits(const struct env_chance *c)
{
	return c && c->pending != ENV_PENDING_NONE;
}
/* Deals outcome `id` of the chance node and tries the step again; -1
 * with err when it is no outcome of the node. */
int env_chance_deal(struct env_game *g, long id, char *err);

#endif
