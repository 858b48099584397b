/*
 * The match of `referee play`: its games between the bots given on the
 * command line (seats rotating, in duplicate sets with --duplicate:
 * match_set.h), each game's ranking on stdout as it ends, with the first
 * lines of a bot's stderr at its first forfeit, and a summary after
 * several games.
 */
#ifndef ARENA_PLAY_MATCH_H
#define ARENA_PLAY_MATCH_H

#include <stdbool.h>

#include "manifest/run_manifest.h"
#include "match/match.h"

struct play_match {
	/* Set by the verb. */
	struct match_config config; /* its hook_ctx and on_greeted are the run's */
	int count;                /* bots */
	long games;
	bool duplicate;           /* games in sets of `count`, one per seating */
	bool sandboxed;           /* the bots run in the sandbox */
	const char *log, *out;    /* --log FILE (one game), --out DIR, or NULL */
	struct match_entrant *entrants;
	char **bots;              /* the BOT arguments */
	char **names;             /* from the command line: the stderr files' */
	char **shown;             /* as printed and logged: names until the
				   * bots said theirs in hello (names.h) */
	char **stderr_paths;
	/* Each record of a log as it is written (may be NULL): `referee
	 * play --show` tells the game from them. */
	void (*on_record)(void *ctx, const cJSON *record,
			  const struct game_play *game);
	void *record_ctx;
	/* The run's own (zeroed by the verb). */
	bool named;               /* shown is set from hello */
	bool *stderr_shown;       /* per entrant: after its first forfeit */
	long *firsts;             /* per entrant: games won (rank 1) */
	double *places;           /* per entrant: sum of places */
	long *forfeits;           /* per entrant */
	/* Without --seed, what the games' secrets derive from, so that
	 * --out's manifest names each C before the game starts. */
	unsigned char deal_key[FAIR_HASH_BYTES];
	struct run_manifest manifest; /* --out's run.jsonl */
	struct match_place place;     /* --out's logs': its run (config.place) */
};

/* Plays the games: 0, or -1 with err when the referee failed (a bot that
 * did not start, a log that cannot be written). */
int play_match_run(struct play_match *p, char *err);

#endif
