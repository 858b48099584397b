/*
 * Reading a manifest; see manifest_read.h.
 */
#include "manifest_read.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/chain.h"
#include "base/json.h"
#include "base/util.h"
#include "manifest_file.h"
#include "manifest_format.h"
#include "manifest_record.h"

#define READ_CHUNK ((size_t)1 << 20)
#define MAX_LINE ((size_t)16 << 20)

struct reader {
	struct manifest_view *view;
	struct problems *problems;
	const unsigned char *trusted_key;
	unsigned flags;
	const struct manifest_hooks *hooks;  /* NULL: a tournament's */
	struct entries entries;              /* of the finished record read */
	long *unreplied;                     /* games finished since the last
					      * "replies" record */
	size_t unreplied_count;
	size_t line;                         /* 0-based number of this line */
	size_t bytes;                        /* of the lines before it */
	struct chain_end chain;              /* the lines before it */
	bool after_started;                  /* the line before was a started
					      * record (revision 7: its seal
					      * comes next) */
};

/* --- records --------------------------------------------------------------- */

static bool is_type(const struct record *r, const char *type)
{
	return r->type_len == strlen(type) && !memcmp(r->type, type, r->type_len);
}

__attribute__((format(printf, 2, 3)))
static void problem(struct reader *rd, const char *fmt, ...)
{
	char what[ERR_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	problems_add(rd->problems, rd->view->path, "line %zu: %s", rd->line + 1, what);
}

/* The Swiss field of a manifest's header whose tournament file `file`
 * says "format": "swiss" (its rounds, and its games per pairing from
 * `schedule_games`): 1; 0 when the file is not a Swiss's; -1 when it
 * is, but its rounds and the schedule's games do not agree (no run of
 * the referee writes that: its pairings cannot be checked). */
static int swiss_field(const cJSON *file, int bots, long schedule_games,
		       struct swiss_field *field)
{
	const cJSON *format = cJSON_GetObjectItemCaseSensitive(file, "format");
	long rounds = 0;

	memset(field, 0, sizeof *field);
	if (!cJSON_IsString(format) || strcmp(format->valuestring, "swiss"))
		return 0;
	if (!json_get_int(file, "rounds", 1, 1000, &rounds) || rounds < 1 || bots < 2)
		return -1;
	field->bots = bots;
	field->rounds = (int)rounds;
	field->games = (int)(schedule_games / (rounds * (bots / 2)));
	if (field->games > 0 && (long)field->games * rounds * (bots / 2) == schedule_games)
		return 1;
	memset(field, 0, sizeof *field);
	return -1;
}

/* The first record: what the tournament is. */
static int take_header(struct reader *rd, const cJSON *o)
{
	struct manifest_view *v = rd->view;
	const char *format = cJSON_GetStringValue(json_member(o, "format"));
	const char *verb = cJSON_GetStringValue(json_member(o, "verb"));
	const char *game = cJSON_GetStringValue(json_member(o, "game"));
	const char *shard = cJSON_GetStringValue(json_member(o, "shard"));
	const char *file_sha256 = cJSON_GetStringValue(json_member(o, "file_sha256"));
	const char *name = cJSON_GetStringValue(json_member(o, "name"));
	const char *book_sha256 = cJSON_GetStringValue(json_member(o, "book_sha256"));
	const cJSON *bots = cJSON_GetObjectItemCaseSensitive(o, "bots"), *bot;
	long players = 0;

	if (format && strcmp(format, MANIFEST_FORMAT) &&
	    !strncmp(format, "arena-manifest/", 15)) {
		if (rd->flags & MANIFEST_RESUME)
			problem(rd, "is in format %s, which this referee cannot "
				"resume (it resumes %s and %s): finish the run with "
				"the referee that started it, or start again with "
				"another --out", format, RUN_FORMAT, MANIFEST_FORMAT);
		else
			problem(rd, "is in format %s, which this referee does not "
				"read (it reads %s and %s): give the folder of its "
				"logs, %s/games, instead", format, RUN_FORMAT,
				MANIFEST_FORMAT, v->dir);
		return -1;
	}
	/* A tournament's run.jsonl, or an earlier version's manifest.jsonl. */
	if (!format || (strcmp(format, MANIFEST_FORMAT) && (strcmp(format, RUN_FORMAT) ||
	     !verb || strcmp(verb, "tournament"))) ||
	    hex_decode(v->id, sizeof v->id, cJSON_GetStringValue(json_member(o, "id"))) ||
	    !game || strlen(game) >= sizeof v->game ||
	    !json_get_int(o, "players", 1, RATINGS_MAX_SEATS, &players) ||
	    !json_get_int(o, "schedule_games", 1, MANIFEST_MAX_GAMES, &v->game_count) ||
	    !cJSON_IsArray(bots) || cJSON_GetArraySize(bots) < 1 ||
	    cJSON_GetArraySize(bots) > USHRT_MAX + 1) {
		problem(rd, "not a tournament manifest (this referee reads "
			RUN_FORMAT " of the verb tournament, and " MANIFEST_FORMAT
			", with seq 0, id, game, players, schedule_games and bots)");
		return -1;
	}
	v->names = xcalloc((size_t)cJSON_GetArraySize(bots), sizeof *v->names);
	cJSON_ArrayForEach(bot, bots) {
		if (!cJSON_IsString(bot)) {
			problem(rd, "\"bots\" must be the bots' names");
			return -1;
		}
		v->names[v->name_count++] = xstrdup(bot->valuestring);
	}
	snprintf(v->game, sizeof v->game, "%s", game);
	snprintf(v->shard, sizeof v->shard, "%s", shard ? shard : "");
	snprintf(v->file_sha256, sizeof v->file_sha256, "%s", file_sha256 ? file_sha256 : "");
	v->name = name ? xstrdup(name) : NULL;
	v->whole = shard && !strcmp(shard, "1/1");
	v->players = (int)players;
	v->duplicate = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(o, "file"), "duplicate"));
	if (swiss_field(cJSON_GetObjectItemCaseSensitive(o, "file"),
			v->name_count, v->game_count, &v->swiss) < 0) {
		problem(rd, "its tournament file is a Swiss's, but its \"rounds\" "
			"and \"bots\" do not make the %ld games of \"schedule_games\": "
			"its pairings cannot be checked", v->game_count);
		return -1;
	}
	if (v->swiss.rounds && !v->left_out)
		v->left_out = xcalloc((size_t)v->name_count, sizeof *v->left_out);
	snprintf(v->book_sha256, sizeof v->book_sha256, "%s", book_sha256 ? book_sha256 : "");
	v->seats = xcalloc(((size_t)v->game_count + 1) * (size_t)players, sizeof *v->seats);
	v->ranks = xcalloc(((size_t)v->game_count + 1) * (size_t)players, 1);
	v->forfeit = xcalloc(((size_t)v->game_count + 1) * (size_t)players, 1);
	v->ended = xcalloc((size_t)v->game_count + 1, sizeof *v->ended);
	v->replies = xcalloc((size_t)v->name_count, sizeof *v->replies);
	v->state = xcalloc((size_t)v->game_count + 1, 1);
	if (rd->flags & MANIFEST_KEEP_HASHES)
		v->sha256 = xmalloc(((size_t)v->game_count + 1) * sizeof *v->sha256);
	if (rd->flags & MANIFEST_RESUME) {
		v->resume.header = cJSON_Duplicate(o, true);
		v->resume.file = cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(o, "file"),
						 true);
		v->resume.set_aside = xcalloc((size_t)v->game_count + 1,
					      sizeof *v->resume.set_aside);
	}
	return 0;
}

/* Whether `game` is one of the schedule's; a problem when not. */
static bool scheduled(struct reader *rd, long game)
{
	if (game >= 1 && game <= rd->view->game_count)
		return true;
	problem(rd, "game %ld is not in the schedule (1 to %ld)", game,
		rd->view->game_count);
	return false;
}

/* One game of a started record: started again after a resumed run is
 * fine, after it finished is not. */
static void start_game(void *ctx, long game)
{
	struct reader *rd = ctx;
	struct manifest_view *v = rd->view;

	if (!scheduled(rd, game))
		return;
	if (v->state[game] == MANIFEST_FINISHED)
		problem(rd, "game %ld is started again after it finished", game);
	else
		v->state[game] = MANIFEST_STARTED;
}

/* One game of a skipped record (--skip-broken): one no run started is
 * not missing from a run of the whole schedule; one started stays so. */
static void skip_game(void *ctx, long game)
{
	struct reader *rd = ctx;

	if (scheduled(rd, game) && rd->view->state[game] == MANIFEST_UNLISTED)
		rd->view->state[game] = MANIFEST_SKIPPED;
}

/* The bot of a skipped record: for a resumed run to say it plays now,
 * and a Swiss's never paired, its boards left empty (swiss.h), so that
 * its pairings are made without it. */
static void take_skipped_bot(struct reader *rd, const cJSON *o)
{
	struct manifest_view *v = rd->view;
	struct manifest_resume *r = &v->resume;
	long bot = -1;

	if (!json_get_int(o, "bot", 0, v->name_count - 1, &bot) || bot < 0)
		return;
	if (r->header) {
		r->skipped = xrealloc(r->skipped, (size_t)(r->skipped_count + 1) *
				      sizeof *r->skipped);
		r->skipped[r->skipped_count++] = (int)bot;
	}
	if (v->left_out) {
		v->left_out[bot] = true;
		v->swiss.absent = v->left_out;
	}
}

/* Room for one more of `count` items of `size` bytes at *items, grown
 * by doubling. */
static void *room_for(void *items, long count, size_t size)
{
	if (count & (count - 1))  /* 0, 1, 2, 4...: full */
		return items;
	return xrealloc(items, (size_t)(count ? 2 * count : 1) * size);
}

/* Each game of a started or skipped record. */
static void take_games(struct reader *rd, const struct record *r,
		       void (*each)(void *rd, long game))
{
	if (!r->games && !cJSON_IsArray(r->games_json)) {
		problem(rd, "a %.*s record needs its \"games\"", (int)r->type_len,
			r->type);
		return;
	}
	manifest_record_games(r, each, rd);
}

/* One game of a "back" record: a game a skipped record left out, put
 * back in the run to be played (a run of the whole schedule must play it
 * now); one started or finished was never left out. */
static void back_game(void *ctx, long game)
{
	struct reader *rd = ctx;
	struct manifest_view *v = rd->view;

	if (!scheduled(rd, game))
		return;
	if (v->state[game] == MANIFEST_STARTED || v->state[game] == MANIFEST_FINISHED)
		problem(rd, "game %ld is put back by a back record, but it was %s, "
			"not left out", game,
			v->state[game] == MANIFEST_STARTED ? "started" : "finished");
	else
		v->state[game] = MANIFEST_UNLISTED;
}

/* A "back" record: a bot a skipped record left out passes its pre-flight
 * again, and its games are played.  It may follow a signature, which then
 * closes the run as it was: the run is open again until the next one. */
static void take_back(struct reader *rd, const struct record *r, const cJSON *o)
{
	long bot = -1;

	if (!json_get_int(o, "bot", 0, rd->view->name_count - 1, &bot) || bot < 0) {
		problem(rd, "a back record needs the \"bot\" back, its place in "
			"bots (0 to %d)", rd->view->name_count - 1);
		return;
	}
	take_games(rd, r, back_game);
	rd->view->signed_ = rd->view->has_complete_record = false;
}

/* A finished record's forfeits, for the ladder: a seat the record is
 * silent about forfeited nothing. */
static void take_forfeits(struct manifest_view *v, const struct game_entry *r)
{
	for (int s = 0; s < v->players && s < r->forfeit_count; s++)
		if (r->forfeit[s]) {
			char *name = strndup(r->forfeit[s], r->forfeit_len[s]);

			v->forfeit[(size_t)r->game * (size_t)v->players + (size_t)s] =
				forfeit_reasons_number(&v->reasons, name);
			free(name);
		}
}

static void take_game(struct reader *rd, const struct game_entry *r)
{
	struct manifest_view *v = rd->view;

	if (!scheduled(rd, r->game))
		return;
	if (v->state[r->game] != MANIFEST_STARTED) {
		problem(rd, "game %ld %s", r->game,
			v->state[r->game] == MANIFEST_FINISHED ? "is finished twice"
			: "is finished but was never started");
		return;
	}
	if (r->sha256_len != 64 ||
	    (v->sha256 ? hex_decode_exact(v->sha256[r->game], 32, r->sha256)
		       : !hex_is_lowercase(r->sha256, 64)) ||
	    r->rank_count != v->players) {
		problem(rd, "game %ld: a finished game needs its log's \"sha256\" "
			"and %d \"ranks\"", r->game, v->players);
		return;
	}
	for (int s = 0; s < v->players; s++)
		if (r->rank[s] < 1 || r->rank[s] > v->players) {
			problem(rd, "game %ld: a rank outside 1 to %d", r->game, v->players);
			return;
		}
	if (r->seat_count != v->players) {
		problem(rd, "game %ld has %d seats, not %d", r->game,
			r->seat_count, v->players);
		return;
	}
	for (int s = 0; s < v->players; s++)
		if (r->seat[s] >= v->name_count) {
			problem(rd, "game %ld: seat %d is bot %d, but \"bots\" "
				"lists %d", r->game, s, r->seat[s], v->name_count);
			return;
		}
	for (int s = 0; s < v->players; s++) {
		v->seats[r->game * v->players + s] = (unsigned short)r->seat[s];
		v->ranks[r->game * v->players + s] = (unsigned char)r->rank[s];
	}
	take_forfeits(v, r);
	v->state[r->game] = MANIFEST_FINISHED;
	v->finished++;
	rd->unreplied = room_for(rd->unreplied, (long)rd->unreplied_count,
				 sizeof *rd->unreplied);
	rd->unreplied[rd->unreplied_count++] = r->game;
}

static void take_finished(struct reader *rd, const struct record *r)
{
	if (!r->entry_count)
		problem(rd, "a finished record lists its \"games\"");
	for (size_t i = 0; i < r->entry_count; i++)
		take_game(rd, &rd->entries.at[i]);
}

/* A "replies" record: each bot's reply times since the one before, added
 * to the bot's; its time is when the games finished since then ended. */
static void take_replies(struct reader *rd, const cJSON *o)
{
	struct manifest_view *v = rd->view;
	const cJSON *bots = cJSON_GetObjectItemCaseSensitive(o, "bots"), *bot;
	long at = -1, index;

	if (!json_get_int(o, "at", 0, UINT32_MAX, &at) || at < 0 || !cJSON_IsArray(bots)) {
		problem(rd, "a replies record needs \"at\" and \"bots\"");
		return;
	}
	cJSON_ArrayForEach(bot, bots)
		if ((index = -1, !json_get_int(bot, "bot", 0, v->name_count - 1, &index)) ||
		    index < 0 || !reply_clocks_add_json(&v->replies[index], bot))
			problem(rd, "a bot's reply times must be {\"bot\":N,\"turns\":N,"
				"\"max\":US,\"us\":[[FLOOR,COUNT],...]} (and the same of "
				"CPU times in \"cpu\") with N one of the %d \"bots\"",
				v->name_count);
	for (size_t i = 0; i < rd->unreplied_count; i++)
		v->ended[rd->unreplied[i]] = (uint32_t)at;
	rd->unreplied_count = 0;
}

/* A "bot" record: a new version of a bot's entry in the tournament file,
 * which played the games finished after it.  Its entry keeps the bot's
 * name.  A resumed run runs the bot so from here on: the header's file
 * must have the bot. */
static void take_version(struct reader *rd, const cJSON *o)
{
	const struct manifest_view *v = rd->view;
	const cJSON *entry = cJSON_GetObjectItemCaseSensitive(o, "entry");
	const char *name = cJSON_GetStringValue(json_member(entry, "name"));
	long bot = -1;

	if (!json_get_int(o, "bot", 0, v->name_count - 1, &bot) || bot < 0 ||
	    !cJSON_IsObject(entry) || !name || strcmp(name, v->names[bot]) ||
	    ((rd->flags & MANIFEST_RESUME) &&
	     (!v->resume.file || manifest_file_apply(v->resume.file, o))))
		problem(rd, "a bot record needs \"bot\", one of the %d \"bots\", "
			"and its new \"entry\", of the same \"name\"", v->name_count);
}

/* Room for the games and bots a "grown" record adds, the new zeroed. */
static void *grow_array(void *p, size_t old_count, size_t count, size_t size)
{
	p = xrealloc(p, count * size);
	memset((char *)p + old_count * size, 0, (count - old_count) * size);
	return p;
}

/* Whether a "grown" record's entries are bots of new names. */
static bool new_names(const struct manifest_view *v, const cJSON *entries)
{
	const cJSON *entry, *other;

	if (!cJSON_IsArray(entries) || !cJSON_GetArraySize(entries) ||
	    v->name_count + cJSON_GetArraySize(entries) > USHRT_MAX + 1)
		return false;
	cJSON_ArrayForEach(entry, entries) {
		const char *name = cJSON_GetStringValue(json_member(entry, "name"));

		if (!name || name_index(v->names, v->name_count, name) >= 0)
			return false;
		for (other = entries->child; other != entry; other = other->next)
			if (!strcmp(cJSON_GetStringValue(json_member(other, "name")), name))
				return false;
	}
	return true;
}

/* A "grown" record: bots added at the end of "bots", whose tables' games,
 * numbers "first_game" on, grow the schedule to "schedule_games".  It may
 * follow a signature, which then closes the run as it was: the run is
 * open again until the next one.  -1 when it is not such a record. */
static int take_grown(struct reader *rd, const cJSON *o)
{
	struct manifest_view *v = rd->view;
	const cJSON *entries = cJSON_GetObjectItemCaseSensitive(o, "entries"), *entry;
	size_t games = (size_t)v->game_count + 1, players = (size_t)v->players, more;
	long bot = -1, first = 0, total = -1;

	if (!json_get_int(o, "bot", 0, USHRT_MAX, &bot) || bot != v->name_count ||
	    !json_get_int(o, "first_game", 1, MANIFEST_MAX_GAMES, &first) ||
	    first != v->game_count + 1 ||
	    !json_get_int(o, "schedule_games", 1, MANIFEST_MAX_GAMES, &total) ||
	    total < v->game_count || !new_names(v, entries) ||
	    ((rd->flags & MANIFEST_RESUME) &&
	     (!v->resume.file || manifest_file_grow(v->resume.file, o)))) {
		problem(rd, "a grown record needs \"bot\", the number of bots so "
			"far (%d), the \"entries\" of the bots added, of new "
			"names, \"first_game\", the schedule's games so far and "
			"one (%ld), and \"schedule_games\", their number now",
			v->name_count, v->game_count + 1);
		return -1;
	}
	more = (size_t)total + 1;
	v->seats = grow_array(v->seats, games * players, more * players, sizeof *v->seats);
	v->ranks = grow_array(v->ranks, games * players, more * players, 1);
	v->forfeit = grow_array(v->forfeit, games * players, more * players, 1);
	v->ended = grow_array(v->ended, games, more, sizeof *v->ended);
	v->state = grow_array(v->state, games, more, 1);
	if (v->sha256)
		v->sha256 = grow_array(v->sha256, games, more, sizeof *v->sha256);
	if (v->resume.set_aside)
		v->resume.set_aside = grow_array(v->resume.set_aside, games, more,
						 sizeof *v->resume.set_aside);
	v->game_count = total;
	more = (size_t)(v->name_count + cJSON_GetArraySize(entries));
	v->replies = grow_array(v->replies, (size_t)v->name_count, more, sizeof *v->replies);
	v->names = xrealloc(v->names, more * sizeof *v->names);
	cJSON_ArrayForEach(entry, entries)
		v->names[v->name_count++] = xstrdup(cJSON_GetStringValue(json_member(entry, "name")));
	v->signed_ = v->has_complete_record = false;
	return 0;
}

/* A started record's "commitments" (revision 5), one C a game: each game
 * with its C in view->started. */
static void take_commitments(struct reader *rd, const struct record *r,
			     const cJSON *o)
{
	struct manifest_view *v = rd->view;
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(o, "commitments");
	const cJSON *c, *game = r->games_json ? r->games_json->child : NULL;

	if (!list)
		return;
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) !=
	    cJSON_GetArraySize(r->games_json)) {
		problem(rd, "a started record's \"commitments\" must name a "
			"commitment C for each of its games");
		return;
	}
	cJSON_ArrayForEach(c, list) {
		if (!cJSON_IsString(c) || strlen(c->valuestring) != 64 ||
		    strspn(c->valuestring, "0123456789abcdef") != 64) {
			problem(rd, "a started record's commitment C must be 64 "
				"lowercase hex digits");
			return;
		}
		v->started_games = room_for(v->started_games, v->started,
					    sizeof *v->started_games);
		v->started_commitments = room_for(v->started_commitments, v->started,
						  sizeof *v->started_commitments);
		if (!json_whole(game, LONG_MIN, LONG_MAX, &v->started_games[v->started]))
			v->started_games[v->started] = 0;
		memcpy(v->started_commitments[v->started++], c->valuestring, 65);
		game = game->next;
	}
}

/* An "aborted" record: a log of a game of the schedule set aside. */
static void take_aborted(struct reader *rd, const cJSON *o)
{
	struct manifest_view *v = rd->view;
	long game = 0;
	const char *log = cJSON_GetStringValue(json_member(o, "log"));
	const char *commitment = cJSON_GetStringValue(json_member(o, "commitment"));

	if (!json_get_int(o, "game", 1, v->game_count, &game) || !game) {
		problem(rd, "an aborted record needs the \"game\" whose log it "
			"set aside, one of the schedule (1 to %ld)", v->game_count);
		return;
	}
	if ((!log && !commitment) || (commitment && strlen(commitment) != 64)) {
		problem(rd, "an aborted record needs the \"log\" it set aside, "
			"or the \"commitment\" of a game that left none, and "
			"its \"commitment\", if any, 64 hex digits");
		return;
	}
	v->aborted_games = room_for(v->aborted_games, v->aborted, sizeof *v->aborted_games);
	v->aborted_logs = room_for(v->aborted_logs, v->aborted, sizeof *v->aborted_logs);
	v->aborted_commitments = room_for(v->aborted_commitments, v->aborted,
					  sizeof *v->aborted_commitments);
	v->aborted_logs[v->aborted] = log ? xstrdup(log) : NULL;
	snprintf(v->aborted_commitments[v->aborted], 65, "%s", commitment ? commitment : "");
	v->aborted_games[v->aborted++] = game;
	if (v->resume.set_aside)
		v->resume.set_aside[game]++;
}

/* The signature line: its one canonical form, and a valid signature of the
 * chain so far. */
static int take_signature(struct reader *rd, const struct record *r, bool usual)
{
	struct chain_owner owner = {CHAIN_LOG_TAG, rd->view->id, FAIR_GAME_ID_BYTES};
	char sig[2 * CHAIN_SIG_BYTES + 1], why[ERR_LEN];

	if (!usual) {
		problem(rd, "%s", CHAIN_SIGNATURE_FORM);
		return -1;
	}
	if (*rd->view->key_hex && memcmp(rd->view->key_hex, r->key, 64)) {
		problem(rd, "signed by key %.64s, but its earlier signature by "
			"key %s: a grown run is signed with the key that signed "
			"it before", r->key, rd->view->key_hex);
		return -1;
	}
	memcpy(rd->view->key_hex, r->key, 64);
	rd->view->key_hex[64] = '\0';
	snprintf(sig, sizeof sig, "%.128s", r->sig);
	if (chain_signature_check(&owner, &rd->chain, rd->view->key_hex, sig, rd->trusted_key,
				  why)) {
		problem(rd, "%s", why);
		return -1;
	}
	/* A started record's seal (item 22) leaves the run open. */
	rd->view->signed_ = !rd->after_started;
	return 0;
}

/* Checks and takes in one line; -1 when the rest cannot be trusted. */
static int take_line(struct reader *rd, const char *line, size_t len)
{
	struct record r = {0};
	char err[ERR_LEN];
	cJSON *o = NULL;
	bool usual;
	int rc = 0;

	usual = rd->line > 0 && manifest_record_usual(line, len, &rd->entries, &r);
	if (!usual || (rd->hooks && !is_type(&r, "signature"))) {
		o = json_parse_object(line, len, err);
		if (!o) {
			problem(rd, "%s", err);
			return -1;
		}
	}
	if (rd->line == 0) {
		long seq = -1, revision = 0;

		json_get_int(o, "seq", 0, 0, &seq);
		if (json_get_int(o, "fairness", 0, 1000, &revision))
			rd->view->revision = (int)revision;
		if (seq)
			problem(rd, "\"seq\" must be 0");
		else if (json_member(o, "prev"))
			problem(rd, "the first record must not have \"prev\"");
		rc = seq || json_member(o, "prev") ? -1
		     : rd->hooks ? rd->hooks->header(rd->hooks->ctx, o, rd->view) : take_header(rd, o);
	} else if (!usual && !manifest_record_parsed(o, &rd->entries, &r)) {
		problem(rd, "a member has the wrong type");
		rc = -1;
	} else if (r.seq != (long)rd->line) {
		problem(rd, "\"seq\" must be %zu", rd->line);
		rc = -1;
	} else if (!r.prev || memcmp(r.prev, rd->chain.prev, 64)) {
		problem(rd, "\"prev\" is not the hash of line %zu: a line was "
			"changed, removed or reordered", rd->line);
		rc = -1;
	} else if (rd->view->signed_ && !is_type(&r, "grown") && !is_type(&r, "back")) {
		problem(rd, "a record after the signature");
		rc = -1;
	} else if (is_type(&r, "signature")) {
		rc = take_signature(rd, &r, usual);
	} else if (rd->after_started && rd->view->revision >= 7) {
		problem(rd, "a started record not signed right after it: of revision 7, "
			"run.jsonl is signed after each started record, before its bots move");
		rc = -1;
	} else if (rd->hooks) {
		rc = rd->hooks->record(rd->hooks->ctx, rd->line, o);
	} else if (is_type(&r, "started")) {
		take_games(rd, &r, start_game);
		if (o && r.games_json)
			take_commitments(rd, &r, o);
	} else if (is_type(&r, "skipped")) {
		take_games(rd, &r, skip_game);
		take_skipped_bot(rd, o);
	} else if (is_type(&r, "finished")) {
		take_finished(rd, &r);
	} else if (!usual && is_type(&r, "replies")) {
		take_replies(rd, o);
	} else if (!usual && is_type(&r, "bot")) {
		take_version(rd, o);
	} else if (!usual && is_type(&r, "grown")) {
		rc = take_grown(rd, o);
	} else if (!usual && is_type(&r, "back")) {
		take_back(rd, &r, o);
	} else if (!usual && is_type(&r, "aborted")) {
		take_aborted(rd, o);
	} else if (is_type(&r, "complete")) {
		rd->view->has_complete_record = true;
	}
	/* Before o goes: r's type may be its. */
	rd->after_started = rd->line > 0 && is_type(&r, "started");
	cJSON_Delete(o);
	chain_take(&rd->chain, line, len);
	rd->line++;
	rd->bytes += len + 1;
	return rc;
}

/* Streams the file through take_line. */
static int read_lines(struct reader *rd, int fd)
{
	size_t cap = READ_CHUNK, have = 0;
	char *buf = xmalloc(cap);
	int rc = 0;

	for (;;) {
		ssize_t n = read(fd, buf + have, cap - have);
		size_t start = 0;
		char *nl;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			problems_add(rd->problems, rd->view->path, "cannot read: %s",
				     strerror(errno));
			rc = -1;
			break;
		}
		if (n == 0)
			break;
		have += (size_t)n;
		while (!rc && (nl = memchr(buf + start, '\n', have - start))) {
			rc = take_line(rd, buf + start, (size_t)(nl - (buf + start)));
			start = (size_t)(nl - buf) + 1;
		}
		if (rc)
			break;
		memmove(buf, buf + start, have - start);
		have -= start;
		if (have == cap && (cap *= 2) > MAX_LINE) {
			problem(rd, "longer than %zu MiB", MAX_LINE >> 20);
			rc = -1;
			break;
		}
		buf = xrealloc(buf, cap);
	}
	free(buf);
	/* Another run's records cut short are not signed, whatever came
	 * before (its caller says so). */
	if (have && rd->hooks)
		rd->view->signed_ = false;
	/* A running tournament may be writing its last line. */
	else if (!rc && have && !(rd->flags & MANIFEST_RUNNING)) {
		problem(rd, "cut short (no newline): the run was stopped while "
			"writing it; finish it with --resume");
		rc = -1;
	}
	return rc;
}

/* The records at `path` streamed through take_line(): a tournament's
 * (`hooks` NULL), or another run's, each record handed to `hooks`. */
static int read_records(const char *path, const unsigned char *trusted_key,
			unsigned flags, const struct manifest_hooks *hooks,
			struct manifest_view *view, struct problems *problems)
{
	struct reader rd = {.view = view, .problems = problems,
			    .trusted_key = trusted_key, .hooks = hooks,
			    .flags = flags & MANIFEST_RESUME ? flags | MANIFEST_RUNNING : flags};
	const char *slash = strrchr(path, '/');
	int fd, rc;

	memset(view, 0, sizeof *view);
	view->path = xstrdup(path);
	view->dir = slash ? strndup(path, (size_t)(slash - path)) : xstrdup(".");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		problems_add(problems, path, "cannot open: %s", strerror(errno));
		return -1;
	}
	rc = read_lines(&rd, fd);
	close(fd);
	free(rd.entries.at);
	/* Where a resumed run goes on, and the games whose reply times are
	 * still to add up. */
	if (flags & MANIFEST_RESUME) {
		view->resume.bytes = rd.bytes;
		view->resume.chain = rd.chain;
		view->resume.unreplied = rd.unreplied;
		view->resume.unreplied_count = rd.unreplied_count;
	} else
		free(rd.unreplied);
	/* A run stopped before its first record was whole cannot go on. */
	if (!rc && !rd.line && (flags & MANIFEST_RESUME)) {
		problems_add(problems, path, "holds no whole record: the run was "
			     "stopped as it began; remove it and start again "
			     "without --resume");
		rc = -1;
	}
	if (!rc && !view->signed_ && !(rd.flags & MANIFEST_RUNNING)) {
		problems_add(problems, path, "not signed: the tournament has not "
			     "finished (finish it with --resume)");
		rc = -1;
	}
	/* A shard's rounds are paired from every shard's results: checked
	 * over all of them (manifest_swiss_union_check()). */
	if (!rc && view->swiss.rounds && view->whole)
		manifest_view_swiss_check(view, problems);
	/* A signed manifest is a finished run's, however it is read. */
	for (long g = 1; !rc && view->signed_ && g <= view->game_count; g++)
		if (view->state[g] == MANIFEST_STARTED)
			problems_add(problems, path, "game %ld was started but "
				     "never finished", g);
		else if (view->state[g] == MANIFEST_UNLISTED && view->whole)
			problems_add(problems, path, "game %ld of the schedule was "
				     "never started", g);
	return rc;
}

int manifest_read(const char *path, const unsigned char *trusted_key,
		  unsigned flags, struct manifest_view *view,
		  struct problems *problems)
{
	return read_records(path, trusted_key, flags, NULL, view, problems);
}

int manifest_read_each(const char *path, const unsigned char *trusted_key,
		       const struct manifest_hooks *hooks, struct manifest_view *view,
		       struct problems *problems)
{
	return read_records(path, trusted_key, MANIFEST_RUNNING, hooks, view, problems);
}

long manifest_left_out(const struct manifest_view *view)
{
	long count = 0;

	for (long g = 1; view->state && g <= view->game_count; g++)
		count += view->state[g] == MANIFEST_SKIPPED;
	return count;
}

void manifest_view_free(struct manifest_view *view)
{
	strings_free_count(view->names, view->name_count);
	free(view->seats);
	free(view->ranks);
	free(view->forfeit);
	free(view->ended);
	free(view->replies);
	forfeit_reasons_free(&view->reasons);
	free(view->state);
	strings_free_count(view->aborted_logs, view->aborted);
	free(view->aborted_commitments);
	free(view->started_games);
	free(view->started_commitments);
	free(view->aborted_games);
	free(view->sha256);
	free(view->path);
	free(view->dir);
	free(view->name);
	cJSON_Delete(view->resume.header);
	cJSON_Delete(view->resume.file);
	free(view->resume.set_aside);
	free(view->resume.unreplied);
	free(view->resume.skipped);
	free(view->left_out);
	memset(view, 0, sizeof *view);
}
