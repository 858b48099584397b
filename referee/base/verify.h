/*
 * Checking a game log (docs/FAIRNESS.md, "referee verify"): syntax, the
 * hash chain, the signature, the referee's and the bots' commitments, the
 * match key, then a replay of the whole game through the same rules code
 * the referee ran, recomputing every draw.  The replay can report each
 * record as it goes, which is how `referee replay` shows a game.
 */
#ifndef ARENA_VERIFY_H
#define ARENA_VERIFY_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "game_play.h"
#include "games/draws.h"
#include "games/fair.h"
#include "keys.h"
#include "logread.h"

struct verify_hooks {
	/* After line `line` (0-based) was checked and played; `play` is the
	 * game as it stands then (its state may be NULL before play). */
	void (*on_record)(void *ctx, size_t line, const cJSON *record,
			  const struct game_play *play);
	void *ctx;
	/* A log of a game no referee ran (its header's "refereed": false, a
	 * game of the Python environment, docs/ENVIRONMENT.md) is checked
	 * without a signature, which it must not have: its chain, its
	 * commitments, its draws and its actions through the rules.  Without
	 * this such a log fails. */
	bool unsigned_ok;
	/* A what-if (its header's "hypothetical", docs/ANALYSIS.md): a line
	 * no game played, unsigned, which only a replay shows.  Without
	 * this such a log fails, whatever unsigned_ok says. */
	bool what_if_ok;
};

struct verify_summary {
	char game[32];
	int players;
	int actions;
	char key_hex[65];
	bool seeded;   /* the referee's secrets came from a seed */
	/* A game of a duplicate set: "game K of N of set ID"; else "". */
	char set[80];
	/* Where the log belongs, its header's "place" in words
	 * (log_place.h); "" when it names none. */
	char place[256];
	bool unrefereed; /* "refereed": false, unsigned (key_hex "") */
	bool hypothetical; /* a what-if's log */
};

#define VERIFY_SIGNER_LEN (KEYS_SIGNED_BY_LEN + 128)
/* "signed by key ..., trusted or not" (keys_signed_by()), or what an
 * unsigned log is; in out (VERIFY_SIGNER_LEN bytes), returned. */
char *verify_signer(char *out, const struct verify_summary *summary,
		    bool trusted);

/* 0 when everything holds; otherwise -1 and err (ERR_LEN bytes) names the
 * first failure as "line N: ...".  `trusted_key` (NULL: any) is the public
 * key the log must be signed with. */
int verify_log(const struct game_log *log, const unsigned char *trusted_key,
	       const struct verify_hooks *hooks, struct verify_summary *summary,
	       char *err);

/* A draw's address in words: "draw 4", "seat 1's roll 3 of turn 2". */
void verify_draw_address(char *out, size_t size, const struct draw_record *draw);

/* The syntax, numbering and hash chain of a log a stop cut, as far as
 * it goes (its cut last line, or gzip data cut short, left out): 0, or
 * -1 with err as verify_log() words it. */
int verify_chain(const struct game_log *log, char *err);

#endif
