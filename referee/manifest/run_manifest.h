/*
 * A run's record, run.jsonl, and its one writer, for every run that
 * writes a folder (docs/LOGS.md; docs/FAIRNESS.md, revision 5): chained
 * and signed as a game log is, so that the folder is one signed whole.
 * A tournament's records are manifest_records.h's; below, the others'.  Its first record says what
 * the run is (the verb, the game, the bots, a duplicate run's sets, an
 * opening book's hash, path, order and schedule); a "started" record
 * names each game's or set's commitment C, on disk before any bot is
 * asked to move in it; a "finished" record gives each game's log and its
 * SHA-256; the signature comes when the run ends.  A run stopped before
 * its end leaves it unsigned.  The records, one a line:
 *
 *   {"seq":0,"type":"run","format":"arena-run/1","verb":"play","id":"H",
 *    "fairness":7,"game":"G","players":N,"bots":["NAME",...]} (a
 *    league's run: "league":"H" (none when the league has no id) and
 *    "run_number":N after "fairness", which every log it lists names in
 *    its header's "place") and, only when so,
 *    "duplicate":true, "seeded":true, "book":{"sha256":"H","path":"P",
 *    "order":"sequential" or "random","first":1,"unit":N}
 *   {"seq":N,"prev":"H","type":"started","games":[N,...],"commitments":["H",...]}
 *          followed (revision 7) by a signature line, its seal
 *          and, a league's, "seats":[{"name":N,"version":K,"hash":H},...]:
 *          the versions at the seats of each set's first game (game k of
 *          a set seats the version of seat (s + k) % n at seat s)
 *   {"seq":N,"prev":"H","type":"finished","game":N,"log":"game-NNNNNN.jsonl","sha256":"H"}
 *          and, in a league run's, "seats":[{"name":N,"version":K,"rank":R,
 *          "forfeit":B},...] (league_task.h)
 *   {"seq":N,"prev":"H","type":"dropped","games":[N,...],"reason":R}
 *          and, for "files", "version":{"name","version","hash"} (games
 *          uncounted, no log kept: run_manifest_dropped())
 *   {"seq":N,"prev":"H","type":"cut","games":[N,...],"commitment":"H",
 *    "logs":["aborted/game-NNNNNN.jsonl" or null,...],"lines":[N or null,...]}  (a league's set
 *          cut by a stop: its logs kept in aborted/, null for a game that
 *          left none)
 *   {"seq":N,"prev":"H","type":"signature","key":"H","sig":"H"}
 *
 * The signature signs the id as a log's signs its game_id.  verify_run.h
 * reads it.
 */
#ifndef ARENA_RUN_MANIFEST_H
#define ARENA_RUN_MANIFEST_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/journal.h"
#include "base/logread.h"
#include "games/fair.h"
#include "match/match_types.h"

struct run_manifest {
	struct journal *journal;      /* NULL: no folder, no manifest */
	unsigned char id[FAIR_GAME_ID_BYTES];
	const char *dir;
	const unsigned char *seed;    /* what the games' secrets derive from */
	int set_games;                /* games a duplicate set, else 1 */
	const struct referee_key *key; /* seals each started record (NULL:
					* none, a run that only closes) */
	bool durable;                 /* each seal synced (a league's run) */
};

/* Starts DIR/run.jsonl with `header` (taken) as its first record, for
 * the run of m->id: 0, or -1 with err. */
int run_manifest_start(struct run_manifest *m, const char *dir, cJSON *header, char *err);

/* Opens the record at `path` of the run `id` to append after its first
 * `bytes`, whose chain ends at `chain`: 0, or -1 with err. */
int run_manifest_reopen(struct run_manifest *m, const char *path, const unsigned char *id,
			size_t bytes, const struct chain_end *chain, char *err);

/* Starts DIR/run.jsonl for the run of `verb` ("play", "sprt") of `config`
 * (its seed, else its deal_key, which must be set: the commitments are
 * listed from it) between `bots` (`count` names), with sets of `count`
 * games when `duplicate`: 0, or -1 with err. */
int run_manifest_create(struct run_manifest *m, const char *dir, const char *verb,
			const struct match_config *config, char *const *bots,
			int count, bool duplicate, char *err);

/* The C of game `game` (a set's, for its games), in hex (2 *
 * FAIR_HASH_BYTES + 1 bytes), as its started record names it; `m` must
 * have its seed. */
void run_manifest_commitment(const struct run_manifest *m, long game, char *hex);

#define RUN_DROPPED_VERDICT "verdict"
#define RUN_DROPPED_FILES "files"
#define RUN_DROPPED_REFUSED "refused"
#define RUN_DROPPED_LOSS "accept-loss"

/* A seat's version, as a league's "started" record names it. */
struct run_manifest_seat {
	const char *name;
	int version;
	const char *hash;
};

/* The "started" record of games first to first+count-1, each with its C
 * (a set's, for its games), on disk, with the `n` seats of each set's
 * first game (`seats`) named too, so that whoever reads the record before
 * play knows who plays (a league's sets; n 0: none named): 0, or -1 with
 * err. */
int run_manifest_started_seated(struct run_manifest *m, long first, int count,
				const struct run_manifest_seat *seats, int n, char *err);

/* The started record before line `before` of the run.jsonl `log` that
 * lists game `game` (NULL: none): its C and (a league's) its seats. */
const cJSON *run_manifest_started_of(const struct game_log *log, size_t before, long game);

/* The "finished" record of game `game`, its log's SHA-256 read from the
 * folder (and copied to `sha256`, FILES_SHA256_HEX bytes, unless NULL),
 * with the members of `more` (taken; NULL: none) added after it (a league
 * run's "seats"): 0, or -1 with err. */
int run_manifest_finished_with(struct run_manifest *m, long game, cJSON *more,
			       char *sha256, char *err);

/* The "dropped" record of games first to first+count-1, uncounted, no
 * log of them kept, with its `reason` (docs/FAIRNESS-LEAGUE.md, item 25):
 * RUN_DROPPED_VERDICT (an sprt's pairs after its verdict), _FILES (a
 * league's set not played: the version `changed` names had other files,
 * its "hash" theirs now), _REFUSED (a Slurm set the run refused) or _LOSS
 * (sets a killed run's index named and its signed records lack, closed
 * with --accept-loss).  0, or -1 with err. */
int run_manifest_dropped(struct run_manifest *m, long first, int count, const char *reason,
			 const struct run_manifest_seat *changed, char *err);

/* The "cut" record of the set of games first to first+count-1, started
 * with the commitment `c` (hex) and cut by a stop: logs[k] the name of
 * game first+k's log in the folder (OUTDIR_ASIDE/game-NNNNNN.jsonl), or
 * NULL when it left none, and lines[k] the whole lines it holds (revision
 * 7: verify refuses it shorter).  0, or -1 with err. */
int run_manifest_cut(struct run_manifest *m, long first, int count, const char *c,
		     char *const *logs, const long *lines, char *err);

/* run.jsonl signed so far and synced, before the bots of the set just
 * started move (docs/FAIRNESS-LEAGUE.md, item 22): 0, or -1 with err. */
int run_manifest_seal(struct run_manifest *m, char *err);

/* Record `r` (taken) appended, on disk: 0, or -1 with err. */
int run_manifest_record(struct run_manifest *m, cJSON *r, char *err);

/* Signs the manifest (the run ended) with `key`: 0, or -1 with err. */
int run_manifest_sign(struct run_manifest *m, const struct referee_key *key, char *err);

void run_manifest_free(struct run_manifest *m);

/* Frees and removes the manifest of a run whose bots did not start: it
 * lists nothing, and would stop the folder from being used again. */
void run_manifest_discard(struct run_manifest *m);

#endif
