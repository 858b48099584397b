/*
 * The writer of the referee's signed files, game logs and tournament
 * manifests (manifest.h): JSON Lines, hash-chained and signed as
 * docs/FAIRNESS.md specifies, and continued where a stopped run left a
 * manifest (journal_reopen).  Records reach the file as they come: the
 * first at once, then gathered for at most 50 ms or 64 KiB (one write(2)
 * a record would cost a fast game more than its moves), at once when the
 * caller flushes, and all of them before the signature.  A full disk is
 * an error of the append, flush or signature that hit it; lines already
 * written stay intact, a line it cut short is taken back, and the
 * journal writes nothing more (its chain has moved past what was lost).  A log may be written compressed
 * (journal_compress): gzip members, one a write, each of whole lines,
 * which gzip -dc reads as one text and logread.h reads as the plain log.
 */
#ifndef ARENA_JOURNAL_H
#define ARENA_JOURNAL_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "chain.h"

struct journal;

/* Creates the log file; refuses to overwrite an existing one. */
struct journal *journal_create(const char *path, char *err);
/* The same in the empty regular file at `path`, made beforehand by the
 * caller (so that the sandbox could mask it before the game began). */
struct journal *journal_adopt(const char *path, char *err);

/* Continues a log that a stopped run left behind: its first `keep` bytes
 * (its complete lines) stay, a cut line after them is dropped, and the
 * next record chains to `chain`, the end of those lines. */
struct journal *journal_reopen(const char *path, size_t keep, const struct chain_end *chain,
			       char *err);

/* Writes the log gzip-compressed from here on: records are gathered
 * until a flush, 1 MiB of them, 50 ms or the signature, and each batch
 * is one gzip member.  Called before the first record of a log. */
void journal_compress(struct journal *journal);

/* Writes `record` (consumed; its first member should be "type") as the
 * next line, with "seq" and "prev" put in front.  0, or -1 with err. */
int journal_append(struct journal *journal, cJSON *record, char *err);

/* Writes the records gathered so far to the file now: a record that
 * must be on disk before what comes next happens, or that a reader (a
 * report made during a run) must see.  0, or -1 with err. */
int journal_flush(struct journal *journal, char *err);

/* journal_flush(), then the file's data on disk (fdatasync), which a
 * machine's crash does not take back (a kill takes back nothing
 * written): a league's seals, and its logs' header and C before the
 * exchange (docs/FAIRNESS-LEAGUE.md, items 22 and 24).  0, or -1 with err. */
int journal_sync(struct journal *journal, char *err);

/* Appends a signature record of the lines so far and writes them, the
 * file left open for more: what a run's records say before its bots
 * move, which no one without the key can then cut or change
 * (docs/FAIRNESS-LEAGUE.md, item 22).  0, or -1 with err. */
int journal_seal(struct journal *journal, const struct referee_key *key,
		 const unsigned char id[FAIR_GAME_ID_BYTES], char *err);

/* Appends the closing signature record and closes the file.  `id` is the
 * game's game_id (or a tournament manifest's id). */
int journal_sign(struct journal *journal, const struct referee_key *key,
		 const unsigned char id[FAIR_GAME_ID_BYTES], char *err);

/* Closes (unsigned, e.g. after an error) and frees; NULL is fine. */
void journal_free(struct journal *journal);

#endif
