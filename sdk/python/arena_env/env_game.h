/*
 * One game of the environment, in C: the referee's rules table driven
 * through the same code as a match (game_play.c: who starts, forfeits,
 * ranks) with the draws of a seeded run (docs/FAIRNESS.md, "Seeded runs")
 * whose bots declined to commit, so that game k of seed HEX deals exactly
 * the dice of game k of `referee play --seed HEX` between such bots.  It
 * keeps the legal actions of the position, the actions applied (to clone
 * by replaying) and, on request, the draws as log records.  No Python
 * here: _core.c wraps it, vector.c steps many.
 */
#ifndef ARENA_ENV_GAME_H
#define ARENA_ENV_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "env_chance.h"
#include "games/draws.h"
#include "games/draws_fast.h"
#include "games/fair.h"
#include "games/game.h"
#include "referee/base/game_play.h"

/* What `turn` says of the time left: the referee's default move time. */
#define ENV_MOVE_MS 1000

/* The environment's own modes, neither the referee's (env_game_new). */
enum env_mode {
	ENV_EXPLICIT_CHANCE = 1, /* every draw a turn of the chance agent */
	ENV_FAST_DRAWS = 2,      /* draws from a fast generator, not the key */
};

/* The actions stepped by id after those written as JSON, kept as ids
 * (a move's id, or -1 - id for a chance outcome's): a move's JSON names
 * an expression of its roll, costly to find on every step, so it is made
 * only when asked for (env_game_actions()). */
struct env_stepped {
	long *ids;
	int count, room;
};

struct env_game {
	const struct game_rules *rules;
	struct game_play play;
	struct draws draws;
	cJSON *options;            /* every option, defaults filled in */
	unsigned char seed[32];    /* H("arena:seed", -, the seed's bytes) */
	uint64_t number;           /* the game's number in the run, from 1 */
	unsigned char game_id[16];
	cJSON *legal;              /* of the position, made when asked for
				    * (env_game_legal()) in a game whose
				    * rules have moves(); NULL once over */
	int legal_count;
	int *moves;                /* the legal actions' ids, ascending:
				    * the rules' moves() of the position in a
				    * game whose rules have them (Black-Pot's
				    * sorted), else NULL (the ids are then
				    * the legal actions' indices) */
	cJSON *actions;            /* the actions applied, in order, as
				    * JSON, up to those in `stepped`; NULL
				    * when not kept (env_game_forget) */
	struct env_stepped stepped;
	struct env_game *behind;   /* NULL, or a copy of the game after the
				    * actions in `actions`, which writes
				    * those of `stepped` (env_game_actions) */
	bool forgetful;
	cJSON *loads;              /* [step, [faces]]: dice chosen, not drawn */
	cJSON *records;            /* the draws as log records, or NULL */
	int obs_size, action_n;    /* observe.h: an observation, a mask */
	unsigned modes;            /* enum env_mode's */
	struct env_chance *chance; /* with ENV_EXPLICIT_CHANCE, else NULL */
	struct draws_fast fast;    /* with ENV_FAST_DRAWS */
};

/* A new game: `players` checked against the game's range (a long long:
 * the number as given, whatever its size, before any allocation),
 * `options` (borrowed; NULL for none) checked and completed as `referee
 * play -o` does, in the modes of `modes` (enum env_mode's; 0: the
 * referee's draws).  NULL with a message in err (GAME_ERR_LEN). */
struct env_game *env_game_new(const char *name, long long players,
			      const cJSON *options, const char *seed_hex,
			      uint64_t number, bool keep_records,
			      unsigned modes, char *err);
/* The referee's secret of the game and its commitment, as `referee play
 * --seed` makes them for the game of that number; sets g->game_id. */
void env_game_secret(struct env_game *g,
		     unsigned char secret[FAIR_SECRET_BYTES],
		     unsigned char commitment[FAIR_HASH_BYTES]);
/* Game `number` of the same seed and options, in place; -1 with err. */
int env_game_reset(struct env_game *g, uint64_t number, char *err);
void env_game_free(struct env_game *g);

/* Writes the JSON of the actions stepped by id into g->actions, so that
 * it holds every action applied, in order (what facts() and the log
 * show); 0, or -1 with err. */
int env_game_actions(struct env_game *g, char *err);

/* Keeps no more actions from the next game on (a vector's games: they
 * are never cloned), which saves making and keeping each one's JSON. */
void env_game_forget(struct env_game *g);

/* The legal actions of the position as JSON (legal()'s), made now if
 * they were not yet; NULL once the game is over. */
const cJSON *env_game_legal(struct env_game *g);
/* The seat to move, -1 once the game is over; at a chance node (explicit
 * chance) the chance agent's, one after the last seat: players. */
int env_game_to_move(const struct env_game *g);
/* The i-th legal action's id (docs/ENVIRONMENT.md, "Action ids"), in
 * ascending order; in a game without moves(), that of legal()'s i-th. */
static inline int env_game_id(const struct env_game *g, int i)
{
	return g->moves ? g->moves[i] : i;
}
/* The index among the legal actions of the action of id `id`, -1 when
 * it is not legal now. */
int env_game_index(const struct env_game *g, long id);
/* The seat to move plays the legal action of id `id`; -1 with err. */
int env_game_step(struct env_game *g, long id, char *err);
/* The action of id `id` as a bot writes it (a new JSON value), legal now
 * or not when the game has a table of every id (the dice games, Rolit),
 * else (Black-Pot, whose actions name an expression of the roll) only
 * when legal now; NULL when it is neither. */
cJSON *env_game_action_json(const struct env_game *g, long id);
/* The id of `action` (a JSON value as a bot sends it): its id in the
 * table (the dice games, Rolit), or in Black-Pot the id of the cells it
 * fills when apply() would take it now (any expression naming them);
 * -1 with err when there is none. */
int env_game_action_id(struct env_game *g, const cJSON *action,
		       char *err);
/* The seat to move plays `action` (any JSON, checked by the rules). */
int env_game_apply(struct env_game *g, const cJSON *action, char *err);
/* The `turn` message the referee would send the seat to move, as the
 * line it writes (a new string without the newline); NULL once over. */
char *env_game_turn_text(const struct env_game *g);
/* Rewards of a finished game: +1 for each seat ranked below, -1 for each
 * above, over players - 1; zeros while it goes on. */
void env_game_rewards(const struct env_game *g, double *rewards);
/* How many dice the first roll that `action` makes throws: 0 when it
 * makes none, -1 with err for an illegal action or a game whose chance
 * cannot be chosen (only the dice games' rolls can). */
int env_game_roll_size(struct env_game *g, const cJSON *action,
		       char *err);
/* The next roll of the game throws these faces (a chance outcome) rather
 * than drawing them; kept for clone(). -1 with err for a game other than
 * the dice games or faces not 1-6. */
int env_game_load(struct env_game *g, const int *faces, int n, char *err);

/* An independent copy, made by replaying the actions; NULL on failure. */
struct env_game *env_game_clone(const struct env_game *g, char *err);

#endif
