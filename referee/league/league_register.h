/*
 * A league's register, DIR/register.jsonl (docs/FAIRNESS-LEAGUE.md, "The
 * league's register"; docs/LEAGUE.md, "The folder"): what the league is
 * and who plays in it, hash-chained and signed as a run's manifest is,
 * so that the index and the ladder rest on signed records.  Each line
 * has "seq" and "prev" (the hash of the line before) as a log's have;
 * the first, written by `league init`, names the league:
 *
 *   {"seq":0,"type":"league","format":"arena-register/1","id":H,
 *    "game":G,"options":{...},"players":N}
 *
 * then the "add", "retire" and "season" lines (league_folder.h), an
 * "add" with "owner":USER when a user's upload brought it, and after
 * each change a signature line, so that every state the register has
 * been in is signed:
 *
 *   {"seq":N,"prev":H,"type":"signature","key":K,"sig":S}
 *
 * S signs CHAIN_REGISTER_TAG (base/chain.h) || the league's id (32 bytes) ||
 * LE64(N-1) || the hash of line N-1.  Whoever changes the register
 * appends its line and the signature in one write, under a lock on the
 * file.  A league made before revision 6 of the scheme (no id in its
 * league.json) keeps its plain register: its writers append plain lines
 * as they always did, and `verify` says what it is.
 */
#ifndef ARENA_LEAGUE_REGISTER_H
#define ARENA_LEAGUE_REGISTER_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/chain.h"
#include "base/keys.h"
#include "base/problems.h"
#include "base/util.h"
#include "games/fair.h"
#include "league/league_folder.h"

#define LEAGUE_REGISTER_FORMAT "arena-register/1"
/* The distinct keys that signed a register, in hex, ", " between. */
#define LEAGUE_REGISTER_KEYS_LEN (4 * 66)

/* The register as read and checked. */
struct league_register {
	struct chain_lines file;    /* its lines; file.text NULL: none */
	bool chained;               /* revision 6: lines with "seq" */
	struct chain_end end;       /* what a line added chains to */
	char keys[LEAGUE_REGISTER_KEYS_LEN];       /* who signed it */
	char broken[ERR_LEN];       /* "" or what is wrong, "line N: ..." */
};

/* Reads DIR's register and checks its chain and signatures against the
 * league `info` (its id, game, options and players): 0 (r->broken says
 * what is wrong, if anything), or -1 with err when it cannot be read. */
int league_register_read(const char *dir, const struct league_info *info,
			 struct league_register *r, char *err);
void league_register_free(struct league_register *r);

/* The register's first line and its signature, by `league init` of the
 * league `info`: 0, or -1 with err. */
int league_register_start(const char *dir, const struct league_info *info,
			  const struct referee_key *key, char *err);

/* Appends `line` (not taken) to the register, and the signature (with
 * `key`; a revision-5 league's plain register takes the line alone and
 * no key), on disk before it returns; refused when the register is
 * broken: 0, or -1 with err. */
int league_register_append(const char *dir, const struct league_info *info,
			   const cJSON *line, const struct referee_key *key, char *err);

/* Enters every line of the register of `info`'s league in the index
 * `db` (empty of bots): 0, or -1 with err, a register whose chain or
 * signatures are broken refused.  The register read is left in *kept
 * when it is not NULL (free it, whatever the result). */
int league_register_load(const char *dir, const struct league_info *info, sqlite3 *db,
			 struct league_register *kept, char *err);

/* The league's one key (docs/FAIRNESS-LEAGUE.md, item 23), in hex: its
 * register's, whole and signed, to which every other signature of its
 * folder is held; "" when it has none (a league of revision 5, or a
 * register found broken, which its readers refuse on their own). */
void league_register_key(const char *dir, const struct league_info *info, char key_hex[65]);

/* Checks the register for `referee verify`: its chain and signatures,
 * the state each of the league's runs names (its run.jsonl's
 * "register" record), and that every signature of the register and its
 * runs' run.jsonl is made with one key, `trusted_key` when not NULL; each
 * problem added to `problems`, and what it is
 * said in `said` (`len` bytes).  Whether the register is whole (a
 * revision-5 register is). */
bool league_register_verify(const char *dir, const unsigned char *trusted_key,
			    struct problems *problems, char *said, size_t len);

/* The record a league run's run.jsonl gets after its header: the state
 * of the register it began under ({"type":"register","lines":N,
 * "hash":H}, the hash of its last line), new; NULL for a plain
 * register (revision 5) or none.  `verify` checks that the register
 * still has that line: lines cut from its end before the run are seen. */
cJSON *league_register_state(const char *dir);

/* The register's whole lines (chain.h), read between two writers'
 * changes, each a line and its signature: l->text NULL when it cannot
 * be read. */
void league_register_lines(const char *dir, struct chain_lines *l);

#endif
