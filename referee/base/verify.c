/*
 * Verifying a game log; see verify.h.  The checks run in the order
 * FAIRNESS.md gives, each over the whole log, so the failure reported is
 * the first of the first kind that fails.  Line numbers in messages count
 * from 1, as editors do.
 */
#include "verify.h"

#include <limits.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/registry.h"
#include "chain.h"
#include "json.h"
#include "log_place.h"
#include "openings.h"
#include "options.h"
#include "records.h"
#include "util.h"
#include "wire.h"

enum phase { BEFORE_COMMIT, COMMITTING, LOCKED, PLAYING, SCORED, REVEALED };

/* What the log says a committed seat revealed. */
enum reveal { UNRECORDED, OPENED, WRONG, NONE };

struct verifier {
	const struct game_log *log;
	const struct verify_hooks *hooks;
	char *err;
	bool failed;
	bool unrefereed; /* the header's "refereed": false */
	size_t cursor;
	const struct game_rules *rules;
	cJSON *options;
	int players;
	unsigned char game_id[FAIR_GAME_ID_BYTES];
	/* A game of a duplicate set: the set's id, which the exchange and the
	 * key use in place of game_id, and which game of the set it is. */
	bool in_set;
	unsigned char set_id[FAIR_GAME_ID_BYTES];
	long set_game;
	unsigned char commitment[FAIR_HASH_BYTES], secret[FAIR_SECRET_BYTES];
	bool committed[GAME_MAX_SEATS];
	enum reveal revealed[GAME_MAX_SEATS];
	const char *forfeit_reason[GAME_MAX_SEATS];
	unsigned char commits[GAME_MAX_SEATS][FAIR_HASH_BYTES];
	unsigned char contributions[GAME_MAX_SEATS][FAIR_SECRET_BYTES];
	int next_commit_seat;
	enum phase phase;
	struct game_play play;
	struct draws draws;
	int actions;
	int openings, opened; /* the header's plies; those replayed */
	const cJSON *book;    /* the header's book line's moves, or NULL */
	/* The header's "fairness": the scheme's revision the log says it
	 * follows (0: a log from before logs said it). */
	int revision;
	/* In a set: whether its draws carry "dealt" (revision 5; a log of
	 * revision 4 has none: 0 until the first draw says), and the last. */
	int dealt_mode;
	long last_dealt;
};

static const char *const forfeit_reasons[] = {
	"timeout", "exit", "bad-json", "line-too-long", "bad-reply",
	"illegal-action", "unexpected-output", "fairness", "memory", "processes",
	"containment", NULL,
};

__attribute__((format(printf, 3, 4)))
static int fail(struct verifier *v, size_t line, const char *fmt, ...)
{
	char msg[ERR_LEN - 32];
	va_list ap;

	if (v->failed)
		return -1;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(v->err, ERR_LEN, "line %zu: %s", line + 1, msg);
	v->failed = true;
	return -1;
}

static const cJSON *member(const struct verifier *v, size_t i, const char *name)
{
	return json_member(v->log->lines[i].json, name);
}

static const char *type_of(const struct verifier *v, size_t i)
{
	const char *type = v->log->lines[i].type;

	return type ? type : "";
}

/* A hex member of exactly `len` bytes. */
static int hex_field(struct verifier *v, size_t i, const char *name,
		     unsigned char *out, size_t len)
{
	const cJSON *item = member(v, i, name);

	if (!cJSON_IsString(item) || hex_decode(out, len, item->valuestring))
		return fail(v, i, "\"%s\" must be %zu bytes of lowercase hex",
			    name, len);
	return 0;
}

/* A seat number member, in range. */
static int seat_field(struct verifier *v, size_t i, int *seat)
{
	long value = -1;

	if (!json_get_int(v->log->lines[i].json, "seat", 0, v->players - 1, &value) ||
	    value < 0)
		return fail(v, i, "\"seat\" must be a seat number from 0 to %d",
			    v->players - 1);
	*seat = (int)value;
	return 0;
}

/* Syntax, numbering and the hash chain. */
static int check_chain(struct verifier *v)
{
	const struct game_log *log = v->log;
	struct chain_end end = {0};
	char why[160];

	if (log->corrupt)
		return fail(v, log->count, "corrupt compressed data: the log's "
			    "gzip data do not read from here on (a damaged file, or "
			    "one cut short)");
	if (log->count == 0)
		return fail(v, 0, "the log is empty");
	for (size_t i = 0; i < log->count; i++) {
		const struct log_line *line = &log->lines[i];
		const cJSON *prev;
		long seq = -1;

		if (i + 1 == log->count && log->ends_mid_line)
			return fail(v, i, "the log ends in the middle of a line: it "
				    "is incomplete (was the referee stopped?)");
		if (!line->json)
			return fail(v, i, "not a valid record: %s", line->error);
		if (!logread_integers_ok(line, why, sizeof why))
			return fail(v, i, "%s", why);
		if (!json_get_int(line->json, "seq", 0, (long)log->count, &seq) ||
		    seq != (long)i)
			return fail(v, i, "\"seq\" must be %zu", i);
		if (!line->type)
			return fail(v, i, "the record has no \"type\"");
		prev = member(v, i, "prev");
		if (i == 0 && prev)
			return fail(v, i, "the first record must not have \"prev\"");
		if (i > 0 && (!cJSON_IsString(prev) || strcmp(prev->valuestring, end.prev)))
			return fail(v, i, "\"prev\" is not the hash of line %zu: a line "
				    "was changed, removed or reordered", i);
		chain_take(&end, line->bytes, line->len);
	}
	return 0;
}

int verify_chain(const struct game_log *log, char *err)
{
	struct game_log whole = *log;
	struct verifier v = {.log = &whole, .err = err};

	/* What a stop cut: a last line without its newline, or a gzip
	 * member cut short after the lines that read. */
	if (whole.corrupt || (whole.ends_mid_line && whole.count)) {
		whole.count -= whole.ends_mid_line && !whole.corrupt;
		whole.ends_mid_line = whole.corrupt = false;
	}
	return whole.count ? check_chain(&v) : 0;
}

/* Whether a player's "folder" (docs/LOGS.md) is in its one form:
 * "path", "sha256", "files", "bytes", and "capped" only as true. */
static bool folder_ok(const cJSON *folder)
{
	const cJSON *sha256 = json_member(folder, "sha256");
	const cJSON *capped = json_member(folder, "capped");
	unsigned char bytes[32];
	long count;

	return cJSON_IsObject(folder) &&
	       cJSON_IsString(json_member(folder, "path")) &&
	       cJSON_IsString(sha256) && !hex_decode(bytes, sizeof bytes, sha256->valuestring) &&
	       json_get_int(folder, "files", 0, LONG_MAX, &count) &&
	       json_get_int(folder, "bytes", 0, LONG_MAX, &count) &&
	       (!capped || cJSON_IsTrue(capped));
}

/* A player of the header: its seat is its place in the list, what the
 * bot said about itself is a label (wire.h), and its folder's identity
 * (when it has a folder) is in its one form. */
static int check_player(struct verifier *v, const cJSON *p, int seat)
{
	static const char *const labels[] = {"reported_name", "reported_version"};
	long number = -1;

	if (!cJSON_IsObject(p) || !json_get_int(p, "seat", 0, v->players - 1, &number) ||
	    number != seat)
		return fail(v, 0, "player %d of \"players\" must have \"seat\": %d "
			    "(each seat once, in order)", seat + 1, seat);
	if (!cJSON_IsString(json_member(p, "name")) ||
	    !cJSON_IsString(json_member(p, "command")))
		return fail(v, 0, "seat %d of \"players\" needs a \"name\" and a "
			    "\"command\" string", seat);
	for (size_t k = 0; k < sizeof labels / sizeof labels[0]; k++) {
		const char *problem = wire_label_problem(json_member(p, labels[k]));

		if (problem)
			return fail(v, 0, "seat %d: \"%s\" %s", seat, labels[k],
				    problem);
	}
	if (json_member(p, "folder") &&
	    !folder_ok(json_member(p, "folder")))
		return fail(v, 0, "seat %d: \"folder\" must have \"path\", \"sha256\" "
			    "(32 bytes of lowercase hex), \"files\" and \"bytes\" "
			    "(integers from 0) and \"capped\" only as true", seat);
	return 0;
}

/* The header's "set", if any: {"id", "game", "of"}, one game for each
 * seat, and the first game's game_id the set's id (PROTOCOL.md). */
static int check_set(struct verifier *v, struct verify_summary *summary)
{
	const cJSON *set = member(v, 0, "set");
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(set, "id");
	long of = -1;

	memcpy(v->set_id, v->game_id, sizeof v->set_id);
	if (!set)
		return 0;
	v->in_set = true;
	if (!cJSON_IsObject(set) || cJSON_GetArraySize(set) != 3 ||
	    !cJSON_IsString(id) || hex_decode(v->set_id, sizeof v->set_id, id->valuestring) ||
	    !json_get_int(set, "of", 1, GAME_MAX_SEATS, &of) || of != v->players ||
	    !json_get_int(set, "game", 0, of - 1, &v->set_game))
		return fail(v, 0, "\"set\" must be {\"id\": 16 bytes of lowercase "
			    "hex, \"game\": 0 to %d, \"of\": %d}, one game for each "
			    "seat", v->players - 1, v->players);
	if (v->set_game == 0 && memcmp(v->set_id, v->game_id, sizeof v->set_id))
		return fail(v, 0, "the first game of a set has the set's id as its "
			    "\"game_id\"");
	snprintf(summary->set, sizeof summary->set, "game %ld of %ld of set %s",
		 v->set_game, of, id->valuestring);
	return 0;
}

/* The header's "place", if any, in words: where the log belongs, which
 * only its folder's records can confirm (verify/verify_place.h). */
static int check_place(struct verifier *v, struct verify_summary *summary)
{
	struct log_place place;
	char why[ERR_LEN];
	int named = log_place_read(v->log->lines[0].json, &place, why);

	if (named < 0)
		return fail(v, 0, "%s", why);
	if (named)
		log_place_text(&place, summary->place);
	return 0;
}

/* The header's "book": absent, or the opening book's line the game
 * starts with ({"sha256", "line", "moves"}, book.h), whose moves the
 * replay then expects as opening moves. */
static int check_book(struct verifier *v)
{
	const cJSON *book = member(v, 0, "book");
	const cJSON *moves = json_member(book, "moves");
	const char *sha = cJSON_GetStringValue(json_member(book, "sha256"));
	long line = 0;
	unsigned char hash[32];

	if (!book)
		return 0;
	if (v->openings)
		return fail(v, 0, "a game opens with drawn moves (\"openings\") or "
			    "a book's line (\"book\"), not both");
	if (!cJSON_IsObject(book) || !sha || hex_decode(hash, sizeof hash, sha) ||
	    !json_get_int(book, "line", 1, INT32_MAX, &line) || !line ||
	    !cJSON_IsArray(moves) || cJSON_GetArraySize(moves) < 1 ||
	    cJSON_GetArraySize(moves) > OPENINGS_MAX_PLIES)
		return fail(v, 0, "\"book\" is {\"sha256\": the book's SHA-256, "
			    "\"line\": its line, \"moves\": 1 to %d moves}",
			    OPENINGS_MAX_PLIES);
	v->book = moves;
	v->openings = cJSON_GetArraySize(moves);
	return 0;
}

/* The header's "openings": absent, or plies the game may start with. */
static int check_openings(struct verifier *v)
{
	long plies = 0;
	char err[ERR_LEN];

	if (member(v, 0, "openings") &&
	    !json_get_int(v->log->lines[0].json, "openings", 1, OPENINGS_MAX_PLIES,
			  &plies))
		return fail(v, 0, "\"openings\" is an integer from 1 to %d, or absent",
			    OPENINGS_MAX_PLIES);
	if (openings_check(v->rules, v->options, v->players, (int)plies, err))
		return fail(v, 0, "%s", err);
	v->openings = (int)plies;
	return check_book(v);
}

/* The header's "hypothetical": absent, or a what-if (docs/ANALYSIS.md,
 * "What if"), a line played on from another game's decision that no
 * game played, unsigned: only a replay, which says so, shows it. */
static int check_hypothetical(struct verifier *v, struct verify_summary *summary)
{
	const cJSON *what_if = member(v, 0, "hypothetical");

	if (!what_if)
		return 0;
	summary->hypothetical = true;
	if (!(v->hooks && v->hooks->what_if_ok))
		return fail(v, 0, "the log is a what-if (\"hypothetical\"), not a game: "
			    "move %d of the game whose log's SHA-256 is %.64s, played "
			    "otherwise and on by bots; it is not signed and counts for "
			    "nothing; referee replay shows it",
			    (int)cJSON_GetNumberValue(json_member(what_if, "move")),
			    cJSON_GetStringValue(json_member(what_if, "source")));
	if (!cJSON_IsFalse(member(v, 0, "refereed")))
		return fail(v, 0, "a what-if (\"hypothetical\") says \"refereed\": false");
	return 0;
}

/* The header's "refereed": absent (a referee's log), or false: a game of
 * the Python environment, checked only when the caller allows it. */
static int check_refereed(struct verifier *v)
{
	const cJSON *refereed = member(v, 0, "refereed");

	if (refereed && !cJSON_IsFalse(refereed))
		return fail(v, 0, "\"refereed\" is either false or absent");
	v->unrefereed = refereed != NULL;
	if (v->unrefereed && !(v->hooks && (v->hooks->unsigned_ok || v->hooks->what_if_ok)))
		return fail(v, 0, "the log says no referee ran its game "
			    "(\"refereed\": false, a game of arena_env): it is "
			    "not signed and proves nothing of who played; "
			    "referee verify --unsigned checks its play through "
			    "the rules");
	return 0;
}

/* The header's "fairness" (docs/FAIRNESS-LEAGUE.md, item 19): absent in a log
 * of arena 0.5.0 and earlier, which did not say it; the revision this
 * referee writes in every later one, so that a log cannot pass for one
 * of an earlier revision, which asked less of it. */
static int check_revision(struct verifier *v)
{
	const cJSON *revision = member(v, 0, "fairness");
	const char *referee = logread_string(v->log, 0, "referee");
	int major = 0, minor = 0;

	if (!revision) {
		if (referee && sscanf(referee, "arena %d.%d", &major, &minor) == 2 &&
		    (major > 0 || minor >= 6))
			return fail(v, 0, "no \"fairness\": a log of %s says the "
				    "revision of the scheme it follows", referee);
		return 0;
	}
	/* Revision 7 changed no byte of a log but its header's number. */
	if (!cJSON_IsNumber(revision) || (revision->valuedouble != FAIR_REVISION &&
					  revision->valuedouble != FAIR_REVISION - 1))
		return fail(v, 0, "\"fairness\" must be %d (or %d, a log of the revision "
			    "before), the revision of the scheme this referee writes and reads",
			    FAIR_REVISION, FAIR_REVISION - 1);
	v->revision = (int)revision->valuedouble;
	return 0;
}

/* The header: which game, which options, which players, whether seeded. */
static int check_header(struct verifier *v, struct verify_summary *summary)
{
	const cJSON *seeded = member(v, 0, "seeded");
	const cJSON *players = member(v, 0, "players");
	const char *format = logread_string(v->log, 0, "format");
	const char *game = logread_string(v->log, 0, "game");
	const char *rules = logread_string(v->log, 0, "rules");
	char err[ERR_LEN];

	if (strcmp(type_of(v, 0), "header"))
		return fail(v, 0, "the first record must be the header");
	if (!format || strcmp(format, "arena-log/1"))
		return fail(v, 0, "unknown log format (this referee reads arena-log/1)");
	if (check_hypothetical(v, summary) || check_refereed(v) || check_revision(v))
		return -1;
	if (!game || !(v->rules = arena_game_find(game)))
		return fail(v, 0, "unknown game '%s'", game ? game : "");
	if (arena_game_check_rules_version(v->rules, rules, err))
		return fail(v, 0, "%s", err);
	if (hex_field(v, 0, "game_id", v->game_id, sizeof v->game_id))
		return -1;
	v->players = cJSON_GetArraySize(players);
	if (!cJSON_IsArray(players) || v->players < v->rules->min_players ||
	    v->players > v->rules->max_players)
		return fail(v, 0, "\"players\" must list %d to %d players",
			    v->rules->min_players, v->rules->max_players);
	v->options = options_resolve(v->rules, member(v, 0, "options"), err);
	if (!v->options)
		return fail(v, 0, "%s", err);
	if (!cJSON_Compare(v->options, member(v, 0, "options"), true))
		return fail(v, 0, "\"options\" must list every option of the game");
	for (int s = 0; s < v->players; s++)
		if (check_player(v, cJSON_GetArrayItem(players, s), s))
			return -1;
	if (seeded && !cJSON_IsTrue(seeded))
		return fail(v, 0, "\"seeded\" is either true or absent");
	if (check_openings(v))
		return -1;
	summary->seeded = seeded != NULL;
	return check_set(v, summary) || check_place(v, summary) ? -1 : 0;
}

/* Line `last` of `log`, a signature line in its one form, made over the
 * lines before it for the id `id` with the key `trusted` (NULL: any): 0
 * with the key in key_hex, or -1 with why (ERR_LEN bytes). */
static int signature_line(const struct game_log *log, size_t last,
			  const unsigned char id[FAIR_GAME_ID_BYTES],
			  const unsigned char *trusted, char key_hex[65], char *why)
{
	struct chain_end end = {.seq = last - 1};
	struct chain_owner owner = {CHAIN_LOG_TAG, id, FAIR_GAME_ID_BYTES};
	const char *key_text = logread_string(log, last, "key");
	const char *sig_text = logread_string(log, last, "sig");
	const char *prev = logread_string(log, last, "prev");
	char canonical[384];
	int len;

	if (!key_text || !sig_text)
		return chain_signature_check(&owner, &end, key_text, sig_text, trusted, why);
	snprintf(key_hex, 65, "%.64s", key_text);
	len = snprintf(canonical, sizeof canonical, "{\"seq\":%zu,\"prev\":\"%s\","
		       "\"type\":\"signature\",\"key\":\"%s\",\"sig\":\"%s\"}",
		       last, prev ? prev : "", key_text, sig_text);
	/* A key or signature too long for the one form is not in it: compare
	 * only what snprintf() wrote. */
	if (!prev || len < 0 || (size_t)len >= sizeof canonical ||
	    (size_t)len != log->lines[last].len ||
	    memcmp(canonical, log->lines[last].bytes, (size_t)len))
		return errorf(why, "%s", CHAIN_SIGNATURE_FORM);
	chain_take(&end, log->lines[last - 1].bytes, log->lines[last - 1].len);
	return chain_signature_check(&owner, &end, key_text, sig_text, trusted, why);
}

static int check_signature(struct verifier *v, const unsigned char *trusted,
			   struct verify_summary *summary)
{
	size_t last = v->log->count - 1;
	char why[ERR_LEN];

	if (v->unrefereed)
		return strcmp(type_of(v, last), "signature") ? 0
		       : fail(v, last, "a log that says no referee ran its "
			      "game (\"refereed\": false) has no signature");
	if (strcmp(type_of(v, last), "signature"))
		return fail(v, last, "the log is incomplete: it does not end with "
			    "a signature (the game did not finish, or the log "
			    "was cut)");
	if (signature_line(v->log, last, v->game_id, trusted, summary->key_hex, why))
		return fail(v, last, "%s", why);
	return 0;
}

/* The index of the only record of `type`, or fails. */
static int find_only(struct verifier *v, const char *type, size_t *index)
{
	size_t found = logread_find(v->log, 0, type);
	size_t second = logread_find(v->log, found + 1, type);

	if (found == v->log->count)
		return fail(v, v->log->count - 1, "the log has no '%s' record", type);
	if (second < v->log->count)
		return fail(v, second, "a second '%s' record", type);
	*index = found;
	return 0;
}

/* C from S, then each c_i from r_i. */
static int check_commitments(struct verifier *v)
{
	unsigned char expect[FAIR_HASH_BYTES];
	size_t commit, reveal;

	if (find_only(v, "commit", &commit) || find_only(v, "reveal", &reveal) ||
	    hex_field(v, commit, "commitment", v->commitment, FAIR_HASH_BYTES) ||
	    hex_field(v, reveal, "secret", v->secret, FAIR_SECRET_BYTES))
		return -1;
	arena_fair_referee_commitment(expect, v->set_id, v->secret);
	if (sodium_memcmp(expect, v->commitment, FAIR_HASH_BYTES))
		return fail(v, reveal, "the revealed secret does not match the "
			    "referee's commitment on line %zu", commit + 1);
	for (size_t i = logread_find(v->log, 0, "bot-commit"); i < v->log->count;
	     i = logread_find(v->log, i + 1, "bot-commit")) {
		int seat;

		if (seat_field(v, i, &seat))
			return -1;
		if (cJSON_IsNull(member(v, i, "commitment")))
			continue;
		if (v->committed[seat])
			return fail(v, i, "seat %d committed twice", seat);
		if (hex_field(v, i, "commitment", v->commits[seat], FAIR_HASH_BYTES))
			return -1;
		v->committed[seat] = true;
	}
	for (size_t i = logread_find(v->log, 0, "bot-reveal"); i < v->log->count;
	     i = logread_find(v->log, i + 1, "bot-reveal")) {
		int seat;

		if (seat_field(v, i, &seat))
			return -1;
		if (!v->committed[seat] || v->revealed[seat] != UNRECORDED)
			return fail(v, i, "a reveal for seat %d, which has no "
				    "commitment to open", seat);
		if (cJSON_IsNull(member(v, i, "contribution"))) {
			v->revealed[seat] = NONE;
			continue;
		}
		if (hex_field(v, i, "contribution", v->contributions[seat],
			      FAIR_SECRET_BYTES))
			return -1;
		arena_fair_bot_commitment(expect, v->set_id, (uint32_t)seat,
				    v->commitment, v->contributions[seat]);
		v->revealed[seat] = sodium_memcmp(expect, v->commits[seat],
						  FAIR_HASH_BYTES) ? WRONG : OPENED;
	}
	return 0;
}

/* Whether a record, but for its chain fields, is the rebuilt one (which
 * is freed): member by member, without copying the record to take those
 * fields out (the logs' parser lets no key come twice). */
static bool same_record(const cJSON *record, cJSON *expected)
{
	int members = 0;
	bool same = true;

	for (const cJSON *m = record->child; m && same; m = m->next)
		if (strcmp(m->string, "seq") && strcmp(m->string, "prev")) {
			members++;
			same = cJSON_Compare(m, json_member(expected, m->string),
					     true);
		}
	same = same && members == cJSON_GetArraySize(expected);
	cJSON_Delete(expected);
	return same;
}

static void report(struct verifier *v, size_t i)
{
	if (v->hooks && v->hooks->on_record && !v->failed)
		v->hooks->on_record(v->hooks->ctx, i, v->log->lines[i].json,
				    &v->play);
}

void verify_draw_address(char *out, size_t size, const struct draw_record *draw)
{
	if (draw->by_seat)
		snprintf(out, size, "seat %lu's roll %lu of turn %lu",
			 (unsigned long)draw->seat, (unsigned long)draw->roll,
			 (unsigned long)draw->turn);
	else
		snprintf(out, size, "draw %llu", (unsigned long long)draw->index);
}

/* A draw of a set carries "dealt" (docs/FAIRNESS.md, "Sets in step", item 9), growing
 * within the log, on every draw or (a log of revision 4) on none; a draw
 * of a game alone never does (same_record() refuses it). */
static int dealt_field(struct verifier *v, size_t i)
{
	const cJSON *dealt = member(v, i, "dealt");
	long value = -1;

	if (!v->in_set)
		return 0;
	if (!dealt && v->revision >= 5)
		return fail(v, i, "a draw without \"dealt\": the header says revision %d "
			    "of the scheme, in which every draw of a set carries it",
			    v->revision);
	if (!v->dealt_mode)
		v->dealt_mode = dealt ? 1 : -1;
	if ((v->dealt_mode > 0) != (dealt != NULL))
		return fail(v, i, "a draw %s \"dealt\": in a set every draw "
			    "carries it or none does", dealt ? "with" : "without");
	if (!dealt)
		return 0;
	if (!json_get_int(v->log->lines[i].json, "dealt", 0, LONG_MAX, &value))
		return fail(v, i, "\"dealt\" must be a whole number from 0");
	if (value <= v->last_dealt)
		return fail(v, i, "\"dealt\" is %ld after %ld: it must grow from "
			    "draw to draw", value, v->last_dealt);
	v->last_dealt = value;
	return 0;
}

/* The record the log must hold for a draw, with the log's "dealt" when
 * it has one (checked across the set by verify_sets.h). */
static cJSON *with_dealt(const struct verifier *v, size_t i, cJSON *expected)
{
	const cJSON *dealt = member(v, i, "dealt");

	if (v->in_set && dealt)
		cJSON_AddItemToObject(expected, "dealt", cJSON_Duplicate(dealt, true));
	return expected;
}

/* The draw observer: the rules asked for a draw, the log must hold it. */
static void expect_draw(void *ctx, const struct draw_record *draw)
{
	struct verifier *v = ctx;
	size_t i = v->cursor;
	char address[80];

	if (v->failed)
		return;
	/* The address only for an error: a draw as the key gives it is the
	 * rule, and its words were a two-hundredth of a report. */
	if (i >= v->log->count || strcmp(type_of(v, i), "draw")) {
		verify_draw_address(address, sizeof address, draw);
		fail(v, i, "the rules drew here (%s) but the log has a "
		     "'%s' record: a draw is missing", address, type_of(v, i));
		return;
	}
	if (dealt_field(v, i))
		return;
	if (!same_record(v->log->lines[i].json, with_dealt(v, i, records_draw(draw)))) {
		verify_draw_address(address, sizeof address, draw);
		fail(v, i, "%s is not what the match key gives", address);
		return;
	}
	v->cursor++;
	report(v, i);
}

/* Whether the log's exchange is a copy of its set's first game's, with
 * that game's seat numbers: its faults were that game's forfeits. */
static bool copied_exchange(const struct verifier *v)
{
	return v->in_set && v->set_game > 0;
}

static int play_forfeit(struct verifier *v, size_t i)
{
	const char *reason = logread_string(v->log, i, "reason");
	int seat;

	if (seat_field(v, i, &seat))
		return -1;
	if (!logread_string(v->log, i, "detail"))
		return fail(v, i, "a forfeit record needs a \"detail\" string");
	for (int k = 0; forfeit_reasons[k]; k++)
		if (reason && strcmp(reason, forfeit_reasons[k]) == 0) {
			if (v->play.out[seat])
				return fail(v, i, "seat %d forfeits twice", seat);
			/* A copied exchange's seats are the first game's. */
			if (v->phase == LOCKED && !copied_exchange(v) &&
			    v->revealed[seat] == OPENED)
				return fail(v, i, "seat %d forfeits, but its reveal "
					    "matches its commitment", seat);
			v->forfeit_reason[seat] = forfeit_reasons[k];
			game_play_forfeit(&v->play, seat, &v->draws);
			return 0;
		}
	return fail(v, i, "unknown forfeit reason '%s'", reason ? reason : "");
}

/* A seat's reveal comes while it is still in, or (null) after it left.
 * A seat taken out with its partner (Black-Pot 2 v 2), not by a forfeit
 * of its own, was sent the lock as the others were: its reveal stands. */
static int play_reveal(struct verifier *v, size_t i)
{
	int seat;

	if (seat_field(v, i, &seat))
		return -1;
	if (!copied_exchange(v) && v->play.out[seat] && v->forfeit_reason[seat] &&
	    v->revealed[seat] != NONE)
		return fail(v, i, "seat %d reveals after it left the game", seat);
	return 0;
}

/* Whether, in a later game of a set, fewer seats forfeited for
 * "fairness" than the copied exchange has commitments left unopened (each
 * such bot forfeits every game of its set, docs/FAIRNESS.md item 9; the
 * exchange's seat numbers are the first game's, so only the count can be
 * checked here). */
static bool unopened_unforfeited(const struct verifier *v)
{
	int unopened = 0, forfeited = 0;

	for (int s = 0; s < v->players; s++) {
		unopened += v->committed[s] && v->revealed[s] != OPENED;
		forfeited += v->play.out[s] && v->forfeit_reason[s] &&
			     !strcmp(v->forfeit_reason[s], "fairness");
	}
	return forfeited < unopened;
}

static int play_begin(struct verifier *v, size_t i, bool keyed)
{
	unsigned char key[FAIR_HASH_BYTES], game_id[FAIR_GAME_ID_BYTES];
	char err[ERR_LEN];
	int missing = -1;

	if (hex_field(v, i, "game_id", game_id, sizeof game_id))
		return -1;
	if (memcmp(game_id, v->game_id, sizeof game_id))
		return fail(v, i, "\"game_id\" is not the header's");
	for (int s = 0; s < v->players; s++) {
		if (!v->committed[s] || v->revealed[s] == OPENED)
			continue;
		if (v->revealed[s] == UNRECORDED)
			return fail(v, i, "seat %d committed, but the log records "
				    "no reveal of it (its bytes, or null)", s);
		missing = s;
		if (copied_exchange(v))
			continue;
		if (!v->play.out[s])
			return fail(v, i, "seat %d did not open its commitment, "
				    "yet it did not forfeit", s);
		if (v->revealed[s] == WRONG &&
		    strcmp(v->forfeit_reason[s], "fairness"))
			return fail(v, i, "seat %d revealed bytes that do not match "
				    "its commitment: it must forfeit for "
				    "\"fairness\", not \"%s\"", s,
				    v->forfeit_reason[s]);
	}
	if (keyed && missing >= 0)
		return fail(v, i, "play began without seat %d's reveal: the key "
			    "must never be formed without it", missing);
	if (copied_exchange(v) && unopened_unforfeited(v))
		return fail(v, i, "a bot did not open its commitment in the set's "
			    "first game, yet no seat forfeited for \"fairness\" here: "
			    "it forfeits every game of its set");
	if (!keyed) {
		if (missing < 0)
			return fail(v, i, "the game was abandoned though every "
				    "commitment was revealed");
		return 0;
	}
	arena_fair_match_key(key, v->secret, v->set_id, v->commitment,
		       (uint32_t)v->players,
		       (const unsigned char (*)[FAIR_SECRET_BYTES])v->contributions);
	arena_draws_init(&v->draws, key, expect_draw, v);
	if (v->in_set)
		arena_draws_by_seat(&v->draws);
	sodium_memzero(key, sizeof key);
	if (game_play_begin(&v->play, v->options, &v->draws, err))
		return fail(v, i, "the rules refuse this game: %s", err);
	return 0;
}

/* A bot's words on its move, as wire_turn_info() keeps them. */
static bool info_ok(const cJSON *info)
{
	size_t len = cJSON_IsString(info) ? strlen(info->valuestring) : 0;

	return len >= 1 && len <= WIRE_INFO_MAX;
}

static int play_action(struct verifier *v, size_t i)
{
	const cJSON *action = member(v, i, "action");
	int to_move = game_play_to_move(&v->play), seat;
	char err[ERR_LEN];

	if (seat_field(v, i, &seat))
		return -1;
	if (!action || !cJSON_IsNumber(member(v, i, "us")))
		return fail(v, i, "an action record needs \"action\" and \"us\"");
	if (seat != to_move)
		return fail(v, i, "seat %d acted but it was %s", seat,
			    to_move < 0 ? "the end of the game" : "another seat's turn");
	if (member(v, i, "opening"))
		return fail(v, i, "an opening move after the opening (the header "
			    "asks for %d plies)", v->openings);
	if (member(v, i, "info") && !info_ok(member(v, i, "info")))
		return fail(v, i, "\"info\" is a string of 1 to %d bytes, as the "
			    "referee cuts a bot's words", WIRE_INFO_MAX);
	if (game_play_apply(&v->play, action, &v->draws, err) == 0) {
		v->actions++;
		return 0;
	}
	/* An illegal action is fine in a log if the next record forfeits it. */
	if (i + 1 < v->log->count && !strcmp(type_of(v, i + 1), "forfeit") &&
	    cJSON_GetNumberValue(member(v, i + 1, "seat")) == seat) {
		const char *reason = logread_string(v->log, i + 1, "reason");

		if (reason && !strcmp(reason, "illegal-action"))
			return 0;
	}
	return fail(v, i, "illegal action by seat %d: %s", seat, err);
}

/* The next opening move: the draw openings.h makes, which the log must
 * hold, then the move that draw picks, logged as exactly that; or the
 * next move of the book's line. */
static int play_opening(struct verifier *v)
{
	int seat = game_play_to_move(&v->play);
	cJSON *action = v->book ? cJSON_Duplicate(cJSON_GetArrayItem(v->book, v->opened), true)
				: openings_draw(&v->play, &v->draws);
	size_t i = v->cursor++;
	char err[ERR_LEN], *text = json_print_line(action);

	if (!v->failed &&
	    !same_record(v->log->lines[i].json, records_opening(seat, action)))
		fail(v, i, "opening move %d is not the %s gives seat %d the move %s",
		     v->opened + 1, v->book ? "book's: its line" : "one drawn: the draw",
		     seat, text);
	else if (!v->failed && game_play_apply(&v->play, action, &v->draws, err))
		fail(v, i, "the rules refuse opening move %d: %s", v->opened + 1,
		     err);
	free(text);
	cJSON_Delete(action);
	if (v->failed)
		return -1;
	v->opened++;
	v->actions++;
	report(v, i);
	return 0;
}

static int play_result(struct verifier *v, size_t i)
{
	struct game_result result;
	int to_move = game_play_to_move(&v->play);

	if (to_move >= 0)
		return fail(v, i, "a result while the game was still on "
			    "(seat %d to move)", to_move);
	game_play_result(&v->play, &result);
	if (!same_record(v->log->lines[i].json,
			 records_result(json_typed("result"), &result, v->players)))
		return fail(v, i, "the result is not the one the rules give");
	return 0;
}

/* One record of the replay, by phase. */
static int play_record(struct verifier *v, size_t i)
{
	const char *type = type_of(v, i);

	if (!strcmp(type, "forfeit") && v->phase <= PLAYING)
		return play_forfeit(v, i);
	switch (v->phase) {
	case BEFORE_COMMIT:
		if (!strcmp(type, "commit")) {
			v->phase = COMMITTING;
			return 0;
		}
		break;
	case COMMITTING:
		if (!strcmp(type, "bot-commit")) {
			if (cJSON_GetNumberValue(member(v, i, "seat")) != v->next_commit_seat)
				return fail(v, i, "expected seat %d's commitment",
					    v->next_commit_seat);
			if (++v->next_commit_seat == v->players)
				v->phase = LOCKED;
			return 0;
		}
		break;
	case LOCKED:
		if (!strcmp(type, "bot-reveal"))
			return play_reveal(v, i);
		if (!strcmp(type, "begin") || !strcmp(type, "abandon")) {
			v->phase = PLAYING;
			return play_begin(v, i, !strcmp(type, "begin"));
		}
		break;
	case PLAYING:
		if (!strcmp(type, "action"))
			return play_action(v, i);
		if (!strcmp(type, "draw"))
			return fail(v, i, "a draw the rules did not ask for");
		if (!strcmp(type, "result")) {
			v->phase = SCORED;
			return play_result(v, i);
		}
		break;
	case SCORED:
		if (!strcmp(type, "reveal")) {
			v->phase = REVEALED;
			return 0;
		}
		break;
	case REVEALED:
		if (!strcmp(type, "signature") && i + 1 == v->log->count)
			return 0;
		break;
	}
	return fail(v, i, "unexpected '%s' record here", type);
}

static int replay(struct verifier *v)
{
	game_play_init(&v->play, v->rules, v->players);
	report(v, 0);
	for (v->cursor = 1; !v->failed && v->cursor < v->log->count;) {
		size_t i;

		/* Right after begin: nothing but the opening may come. */
		if (v->phase == PLAYING &&
		    openings_due(&v->play, v->openings, v->opened)) {
			if (play_opening(v))
				return -1;
			continue;
		}
		i = v->cursor++;
		if (play_record(v, i))
			return -1;
		report(v, i);
	}
	if (!v->failed && v->phase != REVEALED)
		return fail(v, v->log->count - 1, "the log ends before the game did");
	return v->failed ? -1 : 0;
}

char *verify_signer(char *out, const struct verify_summary *summary,
		    bool trusted)
{
	char signer[KEYS_SIGNED_BY_LEN];

	if (summary->hypothetical)
		snprintf(out, VERIFY_SIGNER_LEN, "not signed: a what-if, not a "
			 "game, its play checked through the rules");
	else if (summary->unrefereed)
		snprintf(out, VERIFY_SIGNER_LEN, "not signed: no referee ran "
			 "this game (a game of arena_env), its play was "
			 "checked through the rules");
	else
		snprintf(out, VERIFY_SIGNER_LEN, "%s",
			 keys_signed_by(signer, summary->key_hex, trusted));
	return out;
}

int verify_log(const struct game_log *log, const unsigned char *trusted_key,
	       const struct verify_hooks *hooks, struct verify_summary *summary,
	       char *err)
{
	struct verifier v = {.log = log, .hooks = hooks, .err = err,
			     .last_dealt = -1};
	int rc;

	memset(summary, 0, sizeof *summary);
	rc = check_chain(&v) || check_header(&v, summary) ||
	     check_signature(&v, trusted_key, summary) ||
	     check_commitments(&v) || replay(&v) ? -1 : 0;
	summary->unrefereed = v.unrefereed;
	if (v.rules) {
		snprintf(summary->game, sizeof summary->game, "%s", v.rules->name);
		summary->players = v.players;
	}
	summary->actions = v.actions;
	game_play_free(&v.play);
	cJSON_Delete(v.options);
	sodium_memzero(&v.secret, sizeof v.secret);
	return rc;
}
