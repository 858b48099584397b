/*
 * What the files of arena_env._core share: the Vector type (vector.c)
 * and the helpers both types use (core.c).
 */
#ifndef ARENA_ENV_CORE_H
#define ARENA_ENV_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "env_game.h"

extern PyTypeObject core_vector_type;

/* Parsed JSON text, or NULL with a ValueError naming `what` (and NULL
 * without one for NULL text). */
cJSON *core_parse_json(const char *text, const char *what);

/* A new game, or NULL with a ValueError saying why. */
struct env_game *core_game_new(const char *name, int players,
			       const char *options, const char *seed,
			       unsigned long long number, bool records);

#endif
