/*
 * The environment's explicit chance; see env_chance.h.
 */
#include "env_chance.h"

#include <stdlib.h>
#include <string.h>

#include "env_game.h"
#include "referee/base/util.h"

void env_chance_new(struct env_game *g)
{
	struct env_chance *c = xcalloc(1, sizeof *c);

	arena_chance_script_init(&c->script, g->rules);
	c->trial = xmalloc(g->rules->state_size);
	g->chance = c;
}

void env_chance_free(struct env_chance *c)
{
	if (!c)
		return;
	cJSON_Delete(c->action);
	free(c->trial);
	free(c);
}

/* The game begins with the draws chosen so far: who starts, then what
 * its create() draws.  1 when it has begun, 0 at a chance node. */
static int chance_begin(struct env_game *g, char *err)
{
	struct env_chance *c = g->chance;
	struct game_play trial;
	struct draws draws = g->draws;

	game_play_init(&trial, g->rules, g->play.players);
	arena_chance_trial(&c->script, &draws);
	if (game_play_begin(&trial, g->options, &draws, err))
		return -1;
	if (c->script.asked) {
		game_play_free(&trial);
		return 0;
	}
	game_play_free(&g->play);
	g->play = trial;
	g->draws = draws;
	return 1;
}

/* The pending move or action, played on a copy of the state with the
 * draws chosen so far: 1 when it had them all (the copy is then the
 * state), 0 at a chance node. */
static int chance_step(struct env_game *g, char *err)
{
	struct env_chance *c = g->chance;
	struct game_play trial = g->play;
	struct draws draws = g->draws;

	trial.state = c->trial;
	memcpy(c->trial, g->play.state, g->rules->state_size);
	arena_chance_trial(&c->script, &draws);
	if (c->pending == ENV_PENDING_MOVE)
		game_play_apply_move(&trial, c->move, &draws);
	else if (game_play_apply(&trial, c->action, &draws, err))
		return -1;
	if (c->script.asked)
		return 0;
	memcpy(g->play.state, c->trial, g->rules->state_size);
	g->play.step = trial.step;
	g->draws = draws;
	return 1;
}

/* Tries the pending step; once played, nothing pends. */
static int chance_try(struct env_game *g, char *err)
{
	struct env_chance *c = g->chance;
	int done = c->pending == ENV_PENDING_BEGIN ? chance_begin(g, err)
						   : chance_step(g, err);

	if (done) {
		c->pending = ENV_PENDING_NONE;
		c->script.count = 0;
		cJSON_Delete(c->action);
		c->action = NULL;
	}
	return done < 0 ? -1 : 0;
}

int env_chance_pend(struct env_game *g, enum env_pending pending, int move,
		    const cJSON *action, char *err)
{
	struct env_chance *c = g->chance;

	c->pending = pending;
	c->move = move;
	cJSON_Delete(c->action);
	c->action = action ? cJSON_Duplicate(action, true) : NULL;
	c->script.count = 0;
	return chance_try(g, err);
}

int env_chance_deal(struct env_game *g, long id, char *err)
{
	struct chance_script *script = &g->chance->script;
	int n = arena_chance_outcomes(script);

	if (id < 0 || id >= n || arena_chance_choose(script, (int)id))
		return errorf(err, "%ld is not an outcome of this chance node: "
			      "chance_outcomes() lists its %d", id, n);
	return chance_try(g, err);
}
