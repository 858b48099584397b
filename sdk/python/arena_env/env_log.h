/*
 * An environment game saved as a game log (docs/LOGS.md) that `referee
 * replay` shows and `referee verify --unsigned` checks through the rules:
 * the records the referee writes for game k of `referee play --seed HEX`
 * between bots that decline the fairness exchange, the same draws and
 * actions in the same order, hash-chained, but with no signature (no
 * referee ran it) and a header that says so ("refereed": false).
 */
#ifndef ARENA_ENV_LOG_H
#define ARENA_ENV_LOG_H

#include "env_game.h"

/* Writes the finished game g to a new file at `path` (never over one),
 * its players named names[0..players-1]; -1 with err (GAME_ERR_LEN) for
 * a game still on, a game whose dice were chosen (their faces are not
 * the seed's: no log would verify) or a file that cannot be written. */
int env_log_save(struct env_game *g, const char *path,
		 const char *const *names, char *err);

#endif
