/*
 * What the files of arena_env._core share: the Vector type (vector.c),
 * the Aec type (aec.c), the Values type (values.c), and the
 * helpers they use (core.c).
 */
#ifndef ARENA_ENV_CORE_H
#define ARENA_ENV_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "env_game.h"

extern PyTypeObject core_vector_type;
extern PyTypeObject core_aec_type;
extern PyTypeObject core_values_type;

/* Readies core_aec_type and what aec.c keeps; -1 with an exception. */
int core_aec_ready(void);

/* The game of a _core.Game, or NULL with a TypeError (not a Game) or a
 * RuntimeError (never initialised). */
struct env_game *core_game_of(PyObject *game);

/* The agents of a game: its seats, then, with explicit chance, the
 * chance agent (seat `players`). */
static inline int core_seats(const struct env_game *g)
{
	return g->play.players + (g->chance != NULL);
}

/* The size of an agent's mask: the game's table of ids, or the chance
 * agent's. */
static inline int core_mask_size(const struct env_game *g, int seat)
{
	return seat == g->play.players ? ENV_CHANCE_IDS : g->action_n;
}

/* Writes seat's observation into obs (obs_len bytes; zeros for the
 * chance agent and before the game has begun) and the action mask (set
 * for the legal actions when seat is to move) into mask, unless it is
 * NULL; 0, or -1 with a ValueError when a buffer is too small. */
int core_observe_into(const struct env_game *g, int seat, float *obs,
		      Py_ssize_t obs_len, unsigned char *mask,
		      Py_ssize_t mask_len);

/* A PyArg_Parse converter ("O&"): a number of players, an int (not a
 * bool) into a long long, which env_game_new() checks against the game's
 * range; 0 with a TypeError or ValueError naming the argument. */
int core_players(PyObject *arg, void *players);

/* A new game, or NULL with a ValueError saying why. */
struct env_game *core_game_new(const char *name, long long players,
			       const char *options, const char *seed,
			       unsigned long long number, bool records,
			       unsigned modes);

#endif
