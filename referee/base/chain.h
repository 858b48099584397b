/*
 * The chain and the signature of the house's signed files (game logs,
 * a run's manifest, a league's register): JSON Lines, each line after
 * the first with "prev", the hash of the line before, and signature
 * records over the chain, as docs/FAIRNESS.md specifies.
 */
#ifndef ARENA_CHAIN_H
#define ARENA_CHAIN_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/fair.h"
#include "keys.h"

#define CHAIN_KEY_BYTES 32
#define CHAIN_SIG_BYTES 64
/* The tags of the signed files: a game log's and a run's manifest's, a
 * league's register's. */
#define CHAIN_LOG_TAG "arena:log:v1"
#define CHAIN_REGISTER_TAG "arena:register:v1"
/* The longest message signed: the register's tag, a league's 32-byte
 * id, the line's number and its hash. */
#define CHAIN_MESSAGE_MAX (sizeof CHAIN_REGISTER_TAG - 1 + 32 + 8 + FAIR_HASH_BYTES)

/* Whose chain a signature signs: the tag of the file's kind and its id
 * (a game's or a run's 16 bytes, a league's 32), bound with the chain
 * so that no signed file passes for another. */
struct chain_owner {
	const char *tag;
	const unsigned char *id;
	size_t id_len;
};

/* The end of a chain, what its next line chains to: zeroed, the start
 * of an empty file. */
struct chain_end {
	uint64_t seq;                        /* the next line's number */
	unsigned char hash[FAIR_HASH_BYTES]; /* the last line's */
	char prev[2 * FAIR_HASH_BYTES + 1];  /* in hex: the next "prev" */
};

/* Takes the line `line` (`len` bytes, without its newline) in as the
 * chain's next: h_i = H("arena:line", -, its bytes) (docs/FAIRNESS.md). */
void chain_take(struct chain_end *end, const char *line, size_t len);

/* `record` (consumed; its first member should be "type") as the chain's
 * next line, taken in: "seq" and "prev" (none for seq 0) put in front.
 * A new string: the line, a newline and a NUL; the line's bytes
 * (without the newline) in *len.  A log's journal_append() writes it,
 * and a league's register (league_register.h) its lines. */
char *chain_next(struct chain_end *end, cJSON *record, size_t *len);

/* The signature record {"type":"signature","key","sig"} by `key` of
 * `owner`'s chain up to `end` (after the line signed), new. */
cJSON *chain_signature(const struct chain_owner *owner, const struct chain_end *end,
		       const struct referee_key *key);

/* One form only: a line rewritten (a space, a \r) that still verified
 * would be a line nobody signed. */
#define CHAIN_SIGNATURE_FORM "the signature line must be exactly {\"seq\":N,\"prev\":...," \
	"\"type\":\"signature\",\"key\":...,\"sig\":...}: no other field, no space, these " \
	"keys in this order"

/* Checks a signature record's "key" and "sig" (`key_hex`, `sig_hex`;
 * NULL when absent): lowercase hex, the key `trusted` (NULL: any), and
 * a signature of `owner`'s chain up to `end` (the end after the line
 * signed).  0, or -1 with why (ERR_LEN bytes), a sentence. */
int chain_signature_check(const struct chain_owner *owner, const struct chain_end *end,
			  const char *key_hex, const char *sig_hex,
			  const unsigned char *trusted, char *why);

/* What the signature after line `last_seq` signs: tag || id ||
 * LE64(last_seq) || last_hash (docs/FAIRNESS.md), into out; its
 * length. */
size_t chain_message(unsigned char out[CHAIN_MESSAGE_MAX], const struct chain_owner *owner,
		     uint64_t last_seq, const unsigned char last_hash[FAIR_HASH_BYTES]);

/* A chained file's whole lines (a last line without its newline is one
 * being written, or cut: left out), not parsed: at 100,000 games,
 * parsing only the records the check reads halves its time. */
struct chain_lines {
	char *text;             /* the file, NUL-terminated */
	const char **at;
	size_t *len;
	size_t count;
	bool cut;               /* a last line without its newline was left out */
};

/* Reads the file at `path` into `l`: l->text NULL (errno says why)
 * when it cannot be read. */
void chain_lines_read(struct chain_lines *l, const char *path);
void chain_lines_free(struct chain_lines *l);

/* Line i's "type", as the referee writes it after "seq" and "prev":
 * whether it is `type`. */
bool chain_line_is(const struct chain_lines *l, size_t i, const char *type);

/* Whether the lines end with a signature that closes the run: one right
 * after a started record is its seal, which leaves the run open
 * (docs/FAIRNESS-LEAGUE.md, item 22). */
bool chain_lines_closed(const struct chain_lines *l);

/* Line i parsed, or NULL. */
cJSON *chain_line_json(const struct chain_lines *l, size_t i);

/* Whether the lines of a run's file at `path` are chained one to the
 * next and signed (their last a signature line that holds and seals no
 * started record, *signed_):
 * 0, or -1 with err, "PATH: line N: its chain is broken" or "PATH: "
 * and what chain_signature_check() says. */
int chain_lines_check(const struct chain_lines *l, const char *path,
		      const unsigned char *trusted, bool *signed_, char *err);

#endif
