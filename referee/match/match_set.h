/*
 * A duplicate set (docs/FAIRNESS.md, "Duplicate sets"): `n` games, one for
 * each rotation of the seating, that share one set_id, one secret S and
 * the fairness exchange of their first game, so that every game's key is
 * the set's and each seat position is dealt the same dice.  The set holds
 * what its first game's exchange gave, for the logs of the later games to
 * copy, and the log of every game that has ended, open: S may be written
 * to them only once the last game has ended, and then each is signed.
 * The games are played at the same time, in step (match_play_set()).
 */
#ifndef ARENA_MATCH_SET_H
#define ARENA_MATCH_SET_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/journal.h"
#include "base/keys.h"
#include "games/fair.h"
#include "games/game.h"
#include "match_types.h"

/* Who sits where in a set that rotates its seats, as the league's sets
 * do: game k of an n-game set seats at seat s the entrant (s + k) mod n. */
static inline int match_set_rotated(int game, int seat, int seats)
{
	return (seat + game) % seats;
}

/* The seat of entrant `entrant` in game `game` of such a set. */
static inline int match_set_seat_of(int game, int entrant, int seats)
{
	return ((entrant - game) % seats + seats) % seats;
}

/* What a game's fairness exchange gave (FAIRNESS.md steps 2-4), by seat:
 * who committed and to what, whose reveal was well formed and what it
 * was, and whether a key could be formed. */
struct match_exchange {
	bool committed[GAME_MAX_SEATS], revealed[GAME_MAX_SEATS], keyed;
	bool opened[GAME_MAX_SEATS];  /* the reveal opened the commitment */
	unsigned char commits[GAME_MAX_SEATS][FAIR_HASH_BYTES];
	unsigned char contributions[GAME_MAX_SEATS][FAIR_SECRET_BYTES];
};

/* A what-if (docs/ANALYSIS.md, "What if"): a logged game played again on
 * its own key, its exchange copied as a set's later game copies its
 * first's, its moves up to a decision and then another action played by
 * the referee, no bot asked, then the bots on; its log unsigned and
 * saying it is hypothetical (its header's member). */
struct match_what_if {
	unsigned char game_id[FAIR_GAME_ID_BYTES];
	unsigned char exchange_id[FAIR_GAME_ID_BYTES]; /* the set's, or game_id */
	unsigned char secret[FAIR_SECRET_BYTES];
	unsigned char commitment[FAIR_HASH_BYTES];
	struct match_exchange exchange;
	const cJSON *set;          /* the source header's "set", or NULL */
	const cJSON *moves;        /* its action and forfeit records, then the other action's */
	const cJSON *hypothetical; /* the header's "hypothetical" */
};

struct match_set {
	unsigned char id[FAIR_GAME_ID_BYTES];
	unsigned char secret[FAIR_SECRET_BYTES];
	unsigned char commitment[FAIR_HASH_BYTES];
	int games;      /* n, the seats of each game */
	int next;       /* the game k to be opened next */
	int ended;      /* how many games have ended */
	uint64_t dealt; /* the draws dealt so far, over all its games */
	/* The first game's exchange, with its seat numbers, for the later
	 * games' logs to copy, and its seating (the entrant at each seat). */
	struct match_exchange exchange;
	int seating[GAME_MAX_SEATS];
	/* The games that have ended: their logs (NULL: none) and game_ids. */
	struct journal *journals[GAME_MAX_SEATS];
	unsigned char game_ids[GAME_MAX_SEATS][FAIR_GAME_ID_BYTES];
};

/* The referee's game_id (a set's set_id), secret S and commitment C for
 * the run's game number `index` (a set's first): derived from `seed`
 * (fair.h), else fresh random bytes (seed NULL). */
void match_secrets(const unsigned char *seed, unsigned long index,
		   unsigned char id[FAIR_GAME_ID_BYTES], unsigned char secret[FAIR_SECRET_BYTES],
		   unsigned char commitment[FAIR_HASH_BYTES]);
/* A set of `games` games (1 <= games <= GAME_MAX_SEATS) whose first is the
 * run's game number `index`: with a seed, set_id and S are those that
 * game would have (fair.h), else fresh random bytes. */
struct match_set *match_set_new(const unsigned char *seed, unsigned long index,
				int games);

/* What the referee's secrets in a match of `config` derive from: its
 * seed, else the key it drew to list the games' commitments before they
 * start, else nothing (NULL: fresh random bytes). */
const unsigned char *match_secrets_seed(const struct match_config *config);

/* The commitment C of the game (or the set whose first game is) `index`
 * when its secrets derive from `seed` (fair.h), as match_set_new() and
 * a game alone make them: for a list of the games to start, made before
 * any bot sees them (match_types.h's deal_key). */
void match_set_commitment(const unsigned char *seed, unsigned long index,
			  unsigned char commitment[FAIR_HASH_BYTES]);

/* The game_id of game k of the set, the run's game number `index`: the
 * set's id for the first, else a fresh one (with a seed, the seeded
 * game_id of `index`). */
void match_set_game_id(const struct match_set *set, const unsigned char *seed,
		       unsigned long index,
		       unsigned char game_id[FAIR_GAME_ID_BYTES]);

/* {"id": hex(set_id), "game": k, "of": n}, for `start` and the header. */
cJSON *match_set_describe(const struct match_set *set);

/* Game k has ended with log `journal` (NULL: none, else the set owns it):
 * it waits for S.  Once every game has ended, S is revealed in every log
 * and each is signed with `key`.  0, or -1 with err when a log cannot be
 * written (the logs not yet signed stay unfinished). */
int match_set_game_ended(struct match_set *set, int k, struct journal *journal,
			 const unsigned char game_id[FAIR_GAME_ID_BYTES],
			 const struct referee_key *key, char *err);

/* Frees the set; the logs it holds unsigned stay unfinished.  NULL is
 * fine. */
void match_set_free(struct match_set *set);

#endif
