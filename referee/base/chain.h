/*
 * The chain and the signature of the house's signed files (game logs,
 * a run's manifest, a league's register): JSON Lines, each line after
 * the first with "prev", the hash of the line before, and signature
 * records over the chain, as docs/FAIRNESS.md specifies.
 */
#ifndef ARENA_CHAIN_H
#define ARENA_CHAIN_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>

#include "games/fair.h"
#include "keys.h"

#define JOURNAL_SIGNATURE_MESSAGE_BYTES (12 + FAIR_GAME_ID_BYTES + 8 + FAIR_HASH_BYTES)

/* `record` (consumed; its first member should be "type") as the line
 * of number `seq` chained to the line whose hash is `prev` (unused for
 * seq 0): "seq" and "prev" put in front.  A new string: the line, a
 * newline and a NUL; the line's bytes (without the newline) in *len.
 * journal_append() writes it; a league's register (league_register.h)
 * chains its lines so too. */
char *chain_line(uint64_t seq, const unsigned char prev[FAIR_HASH_BYTES], cJSON *record,
		 size_t *len);

/* The signature record {"type":"signature","key","sig"} of `message`
 * (`len` bytes) by `key`, new: a log's last, and a league register's
 * after each change. */
cJSON *journal_signature_record(const struct referee_key *key, const unsigned char *message,
				size_t len);

/* h_i = H("arena:line", -, the line's bytes without the newline). */
void chain_line_hash(unsigned char out[FAIR_HASH_BYTES], const char *line, size_t len);

/* "arena:log:v1" || game_id || LE64(last_seq) || last_hash */
void journal_signature_message(unsigned char out[JOURNAL_SIGNATURE_MESSAGE_BYTES],
			       const unsigned char game_id[FAIR_GAME_ID_BYTES],
			       uint64_t last_seq,
			       const unsigned char last_hash[FAIR_HASH_BYTES]);

#endif
