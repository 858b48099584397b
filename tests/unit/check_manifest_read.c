/*
 * Unit tests for manifest_read.c, the one reader of a tournament's
 * manifest, and manifest_records.c, which builds what it reads: a
 * manifest written by the referee's own writer is read whole; its records
 * have the layout the reader's fast path expects, byte for byte; each
 * damaged manifest is refused with its exact problem, by verify's reading
 * and by a resume's (manifest_reopen()); and a resume goes on after the
 * last whole line, chained to its hash; and manifest_cut.c counts what a
 * stop cut and a resumed run dealt again.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/json.h"
#include "base/outdir.h"
#include "base/util.h"
#include "manifest/manifest.h"
#include "manifest/manifest_cut.h"
#include "manifest/manifest_file.h"
#include "manifest/manifest_read.h"
#include "manifest/manifest_records.h"
#include "manifest/run_manifest.h"
#include "run_suite.h"

#define SHA_1 "1111111111111111111111111111111111111111111111111111111111111111"
#define SHA_2 "2222222222222222222222222222222222222222222222222222222222222222"
#define SHA_3 "3333333333333333333333333333333333333333333333333333333333333333"
#define FILE_TEXT "{\"name\":\"t\",\"game\":\"rolit\",\"bots\":[" \
	"{\"name\":\"a\",\"command\":\"./a\"},{\"name\":\"b\",\"command\":\"./b\"}]}"
#define REPLIES_AT 1700000000
#define MAX_LINES 16

static const unsigned char id[FAIR_GAME_ID_BYTES] = {0x11, 0x22, 0x33};
static struct referee_key key;
static char dir[] = "/tmp/check_manifest_read_XXXXXX", path[64], err[ERR_LEN];
/* The manifest's lines, without their newlines, as the tests change
 * them before writing them out. */
static char *lines[MAX_LINES];
static size_t line_count;
/* The problems the reader reported, one a line. */
static char said[4096];

static void collect(void *ctx, const char *where, const char *what)
{
	(void)ctx;
	ck_assert_str_eq(where, path);
	snprintf(said + strlen(said), sizeof said - strlen(said), "%s\n", what);
}

static cJSON *parse(const char *text)
{
	cJSON *o = json_parse_object(text, strlen(text), err);

	ck_assert_msg(o != NULL, "%s", err);
	return o;
}

/* The header the test's tournament writes (`with_id`), or a resumed run
 * compares. */
static cJSON *header(bool with_id)
{
	char *const bots[] = {"a", "b"};
	cJSON *file = parse(FILE_TEXT), *h;
	struct manifest_header m = {
		.id = with_id ? id : NULL, .name = "t", .file_sha256 = SHA_3,
		.game = "rolit", .players = 2, .schedule_games = 3, .bots = bots,
		.bot_count = 2, .shard_index = 1, .shard_count = 1, .file = file,
	};

	h = manifest_header_record(&m);
	/* Of revision 6: its started records are not sealed (revision 7's
	 * seals: tests/e2e/tournament_signals.sh, verify.sh). */
	cJSON_ReplaceItemInObjectCaseSensitive(h, "fairness", cJSON_CreateNumber(6));
	cJSON_Delete(file);
	return h;
}

static cJSON *finished(long game, int seat0, const char *sha256,
		       const unsigned char *reason,
		       const struct forfeit_reasons *reasons, bool recovered)
{
	int seats[2] = {seat0, 1 - seat0}, ranks[2] = {2, 1};
	struct manifest_game g = {
		.game = game, .players = 2, .seats = seats, .sha256 = sha256,
		.ranks = ranks, .reason = reason, .reasons = reasons,
		.recovered = recovered,
	};

	return manifest_finished_game(&g);
}

static void append(struct journal *j, cJSON *record)
{
	ck_assert_msg(journal_append(j, record, err) == 0, "%s", err);
}

/* A new manifest, run.jsonl, started with the test's header by the
 * referee's writer. */
static struct journal *create(void)
{
	struct run_manifest m = {0};

	memcpy(m.id, id, sizeof id);
	ck_assert_msg(run_manifest_start(&m, dir, header(true), err) == 0, "%s", err);
	return m.journal;
}

/* manifest_reopen() with the journal it opens (NULL: none). */
static int reopen_with(const cJSON *expected, const bool *plays, long count,
		       struct manifest_view *view, struct journal **journal,
		       cJSON **versions)
{
	struct run_manifest m = {0};
	int rc = manifest_reopen(dir, expected, plays, count, view, &m, versions, err);

	*journal = m.journal;
	return rc;
}

static void free_lines(void)
{
	for (size_t i = 0; i < line_count; i++)
		free(lines[i]);
	line_count = 0;
}

/* Loads the file into lines[]. */
static void load_lines(void)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	ck_assert_ptr_nonnull(f);
	free_lines();
	while ((len = getline(&line, &cap, f)) > 0) {
		ck_assert_uint_lt(line_count, MAX_LINES);
		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		lines[line_count++] = xstrdup(line);
	}
	free(line);
	fclose(f);
}

/* A run of the whole 3-game schedule, stopped after its first two games
 * and resumed (game 3's log set aside, bot b's command changed), as the
 * referee's writer writes it:
 *   1 header, 2 started 1-3, 3 finished 1 and 2, 4 replies, 5 resumed,
 *   6 aborted 3, 7 bot b, 8 started 3, 9 finished 3, 10 complete,
 *   11 signature. */
static void write_good(void)
{
	struct forfeit_reasons reasons = {0};
	unsigned char forfeit[2] = {0, forfeit_reasons_number(&reasons, "timeout")};
	const unsigned char none[2] = {0, 0};
	struct reply_clocks clocks = {0};
	struct journal *j;
	long games[3] = {1, 2, 3};
	cJSON *list = cJSON_CreateArray(), *bot = cJSON_CreateObject(), *entry;

	ck_assert(sodium_init() >= 0);
	crypto_sign_seed_keypair(key.public_key, key.secret_key,
				 (const unsigned char[32]){7});
	snprintf(dir, sizeof dir, "/tmp/check_manifest_read_XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	{
		char *manifest = outdir_run_manifest(dir);

		snprintf(path, sizeof path, "%s", manifest);
		free(manifest);
	}
	j = create();
	append(j, manifest_started_record(1, games, 3, NULL));
	cJSON_AddItemToArray(list, finished(1, 0, SHA_1, forfeit, &reasons, false));
	cJSON_AddItemToArray(list, finished(2, 1, SHA_2, none, &reasons, true));
	append(j, manifest_finished_record(list));
	reply_times_add(&clocks.wall, 5);
	cJSON_AddNumberToObject(bot, "bot", 0);
	reply_clocks_put_json(&clocks, bot);
	list = cJSON_CreateArray();
	cJSON_AddItemToArray(list, bot);
	append(j, manifest_replies_record(REPLIES_AT, list));
	append(j, manifest_resumed_record());
	append(j, manifest_aborted_record(3, "games/aborted/000003.aborted-1.jsonl", ""));
	entry = parse("{\"name\":\"b\",\"command\":\"./b2\"}");
	append(j, manifest_bot_record(1, entry));
	cJSON_Delete(entry);
	append(j, manifest_started_record(1, games + 2, 1, NULL));
	list = cJSON_CreateArray();
	cJSON_AddItemToArray(list, finished(3, 0, SHA_3, none, &reasons, false));
	append(j, manifest_finished_record(list));
	append(j, manifest_complete_record(3));
	ck_assert_msg(journal_sign(j, &key, id, err) == 0, "%s", err);
	journal_free(j);
	forfeit_reasons_free(&reasons);
	load_lines();
	ck_assert_uint_eq(line_count, 11);
}

/* Removes the manifest and its folder. */
static void clean_up(void)
{
	free_lines();
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(rmdir(dir), 0);
}

/* Writes out the first `count` lines; `cut` bytes fewer. */
static void write_lines(size_t count, size_t cut)
{
	FILE *f = fopen(path, "w");
	long size;

	ck_assert_ptr_nonnull(f);
	for (size_t i = 0; i < count; i++)
		fprintf(f, "%s\n", lines[i]);
	size = ftell(f);
	fclose(f);
	ck_assert_int_eq(truncate(path, size - (long)cut), 0);
}

static void line_hash(unsigned char hash[FAIR_HASH_BYTES], size_t i)
{
	struct chain_end end = {0};

	chain_take(&end, lines[i], strlen(lines[i]));
	memcpy(hash, end.hash, FAIR_HASH_BYTES);
}

/* Line i with the first `from` in it replaced by `to`. */
static void sub(size_t i, const char *from, const char *to)
{
	char *at = strstr(lines[i], from), *line;

	ck_assert_msg(at != NULL, "line %zu has no %s", i + 1, from);
	line = xmalloc(strlen(lines[i]) - strlen(from) + strlen(to) + 1);
	sprintf(line, "%.*s%s%s", (int)(at - lines[i]), lines[i], to, at + strlen(from));
	free(lines[i]);
	lines[i] = line;
}

/* Chains lines[1..count-1] again, and signs the last one again when it
 * is the signature: a changed manifest its signer would have written. */
static void rechain(size_t count)
{
	unsigned char hash[FAIR_HASH_BYTES];
	struct chain_owner owner = {CHAIN_LOG_TAG, id, sizeof id};
	struct chain_end end;
	char hex[2 * FAIR_HASH_BYTES + 1];
	cJSON *signature;

	for (size_t i = 1; i < count; i++) {
		line_hash(hash, i - 1);
		hex_encode(hex, hash, sizeof hash);
		memcpy(strstr(lines[i], "\"prev\":\"") + 8, hex, 64);
		if (!strstr(lines[i], "\"type\":\"signature\""))
			continue;
		end = (struct chain_end){.seq = i};
		memcpy(end.hash, hash, sizeof hash);
		signature = chain_signature(&owner, &end, &key);
		memcpy(strstr(lines[i], "\"sig\":\"") + 7,
		       cJSON_GetStringValue(cJSON_GetObjectItem(signature, "sig")), 128);
		cJSON_Delete(signature);
	}
}

/* Reads the manifest as verify does; the problems go in said[]. */
static int read_as_verify(struct manifest_view *view)
{
	struct problems problems = {.report = collect};

	said[0] = '\0';
	return manifest_read(path, NULL, MANIFEST_KEEP_HASHES, view, &problems);
}

/* Reopens the manifest as `tournament --resume` does. */
static int reopen(struct manifest_view *view, struct journal **journal,
		  cJSON **versions)
{
	cJSON *expected = header(false);
	int rc;

	rc = reopen_with(expected, NULL, 0, view, journal, versions);
	cJSON_Delete(expected);
	return rc;
}

/* Appends to the good manifest, after its signature, the records of a
 * run grown by bot c: games 4 and 5, finished, signed by `signer` (NULL:
 * left unsigned). */
static void grow(const struct referee_key *signer)
{
	struct manifest_view v;
	struct problems problems = {.report = collect};
	const unsigned char none[2] = {0, 0};
	struct forfeit_reasons reasons = {0};
	struct journal *j;
	long games[2] = {4, 5};
	cJSON *file = parse("{\"bots\":[{\"name\":\"a\"},{\"name\":\"b\"},"
			    "{\"name\":\"c\",\"command\":\"./c\"}]}"), *list;

	ck_assert_int_eq(manifest_read(path, NULL, MANIFEST_RESUME, &v, &problems), 0);
	j = journal_reopen(path, v.resume.bytes, &v.resume.chain, err);
	ck_assert_msg(j != NULL, "%s", err);
	manifest_view_free(&v);
	append(j, manifest_grown_record(cJSON_GetObjectItemCaseSensitive(file, "bots"),
					2, 4, 5));
	cJSON_Delete(file);
	append(j, manifest_started_record(2, games, 2, NULL));
	list = cJSON_CreateArray();
	cJSON_AddItemToArray(list, finished(4, 0, SHA_1, none, &reasons, false));
	cJSON_AddItemToArray(list, finished(5, 1, SHA_2, none, &reasons, false));
	append(j, manifest_finished_record(list));
	append(j, manifest_complete_record(2));
	if (signer)
		ck_assert_msg(journal_sign(j, signer, id, err) == 0, "%s", err);
	journal_free(j);
	load_lines();
}

/* A finished run grown by a bot goes on after its signature with the
 * "grown" record, and reads as one run once signed again by its key. */
START_TEST(grows_after_its_signature)
{
	static const char grown_refused[] = "line 12: a grown record needs "
		"\"bot\", the number of bots so far (2), the \"entries\" of the "
		"bots added, of new names, \"first_game\", the schedule's games so "
		"far and one (4), and \"schedule_games\", their number now\n";
	struct referee_key other;
	struct manifest_view v;

	write_good();
	grow(&key);
	ck_assert_uint_eq(line_count, 16);
	ck_assert_str_eq(strstr(lines[11], "\"type\""), "\"type\":\"grown\",\"bot\":2,"
			 "\"entries\":[{\"name\":\"c\",\"command\":\"./c\"}],"
			 "\"first_game\":4,\"schedule_games\":5}");
	ck_assert_int_eq(read_as_verify(&v), 0);
	ck_assert_str_eq(said, "");
	ck_assert(v.signed_);
	ck_assert_int_eq(v.game_count, 5);
	ck_assert_int_eq(v.finished, 5);
	ck_assert_int_eq(v.name_count, 3);
	ck_assert_str_eq(v.names[2], "c");
	manifest_view_free(&v);

	/* Unsigned since it grew: not finished. */
	write_lines(15, 0);
	ck_assert_int_eq(read_as_verify(&v), -1);
	ck_assert_str_eq(said, "not signed: the tournament has not finished "
			 "(finish it with --resume)\n");
	manifest_view_free(&v);

	/* Any record but "grown" after a signature, or a grown record that
	 * does not follow the bots and games so far, is refused. */
	sub(11, "\"bot\":2", "\"bot\":1");
	rechain(15);
	write_lines(15, 0);
	read_as_verify(&v);
	ck_assert_str_eq(said, grown_refused);
	manifest_view_free(&v);
	/* An entry without a name, refused by the reader alone (the file
	 * it grows, manifest_file_grow(), takes the entries it checked). */
	sub(11, "\"bot\":1", "\"bot\":2");
	sub(11, "{\"name\":\"c\",", "{");
	rechain(15);
	write_lines(15, 0);
	read_as_verify(&v);
	ck_assert_str_eq(said, grown_refused);
	manifest_view_free(&v);
	sub(11, "\"type\":\"grown\"", "\"type\":\"resumed\"");
	rechain(15);
	write_lines(15, 0);
	read_as_verify(&v);
	ck_assert_str_eq(said, "line 12: a record after the signature\n");
	manifest_view_free(&v);
	clean_up();

	/* Signed again by another key: refused. */
	crypto_sign_seed_keypair(other.public_key, other.secret_key,
				 (const unsigned char[32]){8});
	write_good();
	grow(&other);
	read_as_verify(&v);
	ck_assert_msg(strstr(said, "line 16: signed by key ") && strstr(said,
		      ", but its earlier signature by key "), "%s", said);
	manifest_view_free(&v);
	clean_up();
}
END_TEST

/* A run of the 3-game schedule that left bot b out (--skip-broken), signed
 * with no game played:
 *   1 header, 2 skipped b 1-3, 3 complete, 4 signature. */
static void write_skipped(void)
{
	long games[3] = {1, 2, 3};
	struct journal *j;

	write_good();
	ck_assert_int_eq(unlink(path), 0);
	j = create();
	append(j, manifest_skipped_record(1, "it exited", games, 3));
	append(j, manifest_complete_record(0));
	ck_assert_msg(journal_sign(j, &key, id, err) == 0, "%s", err);
	journal_free(j);
	load_lines();
	ck_assert_uint_eq(line_count, 4);
}

/* A finished run that left a bot out goes on after its signature when a
 * resumed run plays its games (the bot fixed), with a "back" record, and
 * reads as one run once signed again; a back record of a game played is
 * refused. */
START_TEST(plays_a_bot_left_out_after_its_signature)
{
	const bool none[4] = {false, false, false, false}, all[4] = {false, true, true, true};
	struct forfeit_reasons reasons = {0};
	const unsigned char fine[2] = {0, 0};
	struct manifest_view v;
	struct journal *j;
	cJSON *versions, *expected = header(false), *list = cJSON_CreateArray();
	long games[3] = {1, 2, 3};

	write_skipped();
	ck_assert_int_eq(reopen_with(expected, none, 3, &v, &j, &versions), 1);
	ck_assert_ptr_null(j);
	manifest_view_free(&v);
	ck_assert_int_eq(reopen_with(expected, all, 3, &v, &j, &versions), 0);
	ck_assert_msg(j != NULL, "%s", err);
	cJSON_Delete(expected);
	cJSON_Delete(versions);
	ck_assert_int_eq(v.state[2], MANIFEST_SKIPPED);
	manifest_view_free(&v);
	append(j, manifest_back_record(1, games, 3));
	append(j, manifest_resumed_record());
	append(j, manifest_started_record(1, games, 3, NULL));
	for (long g = 1; g <= 3; g++)
		cJSON_AddItemToArray(list, finished(g, 0, SHA_1, fine, &reasons, false));
	append(j, manifest_finished_record(list));
	append(j, manifest_complete_record(3));
	ck_assert_msg(journal_sign(j, &key, id, err) == 0, "%s", err);
	journal_free(j);
	load_lines();
	ck_assert_uint_eq(line_count, 10);
	ck_assert_str_eq(strstr(lines[4], "\"type\""), "\"type\":\"back\",\"bot\":1,"
			 "\"games\":[1,2,3]}");
	ck_assert_int_eq(read_as_verify(&v), 0);
	ck_assert_str_eq(said, "");
	ck_assert(v.signed_);
	ck_assert_int_eq(v.finished, 3);
	manifest_view_free(&v);

	/* Unsigned since the bot came back: not finished, and its games
	 * must be played (the schedule is whole). */
	write_lines(9, 0);
	ck_assert_int_eq(read_as_verify(&v), -1);
	ck_assert_str_eq(said, "not signed: the tournament has not finished "
			 "(finish it with --resume)\n");
	manifest_view_free(&v);
	write_lines(5, 0);
	read_as_verify(&v);
	ck_assert_str_eq(said, "not signed: the tournament has not finished "
			 "(finish it with --resume)\n");
	manifest_view_free(&v);

	/* A game finished cannot be put back. */
	sub(8, "\"type\":\"complete\"", "\"type\":\"back\",\"bot\":1,\"games\":[2]");
	rechain(9);
	write_lines(9, 0);
	read_as_verify(&v);
	ck_assert_str_eq(said, "line 9: game 2 is put back by a back record, but it "
			 "was finished, not left out\n"
			 "not signed: the tournament has not finished (finish it "
			 "with --resume)\n");
	manifest_view_free(&v);
	forfeit_reasons_free(&reasons);
	clean_up();
}
END_TEST

START_TEST(reads_a_finished_run)
{
	struct manifest_view v;
	unsigned char sha[32];
	char key_hex[65];

	write_good();
	ck_assert_int_eq(read_as_verify(&v), 0);
	ck_assert_str_eq(said, "");
	ck_assert(v.signed_ && v.has_complete_record && v.whole);
	hex_encode(key_hex, key.public_key, 32);
	ck_assert_str_eq(v.key_hex, key_hex);
	ck_assert(!memcmp(v.id, id, sizeof id));
	ck_assert_str_eq(v.name, "t");
	ck_assert_str_eq(v.game, "rolit");
	ck_assert_str_eq(v.shard, "1/1");
	ck_assert_int_eq(v.players, 2);
	ck_assert_int_eq(v.game_count, 3);
	ck_assert_int_eq(v.name_count, 2);
	ck_assert_str_eq(v.names[1], "b");
	ck_assert_int_eq(v.finished, 3);
	ck_assert_int_eq(v.aborted, 1);
	ck_assert_int_eq(v.aborted_games[0], 3);
	for (long g = 1; g <= 3; g++)
		ck_assert_int_eq(v.state[g], MANIFEST_FINISHED);
	/* Game 2 seated b first; seat 1 won each game. */
	ck_assert_int_eq(v.seats[2 * 2 + 0], 1);
	ck_assert_int_eq(v.seats[2 * 2 + 1], 0);
	ck_assert_int_eq(v.ranks[1 * 2 + 0], 2);
	ck_assert_int_eq(v.ranks[1 * 2 + 1], 1);
	/* Game 1's seat 1 forfeited, by timeout; no one else. */
	ck_assert_int_eq(v.forfeit[1 * 2 + 1], 1);
	ck_assert_int_eq(v.forfeit[1 * 2 + 0] + v.forfeit[2 * 2 + 0] +
			 v.forfeit[2 * 2 + 1] + v.forfeit[3 * 2 + 1], 0);
	ck_assert_int_eq(v.reasons.count, 1);
	ck_assert_str_eq(v.reasons.names[0], "timeout");
	/* The replies record's time is when the games before it ended. */
	ck_assert_uint_eq(v.ended[1], REPLIES_AT);
	ck_assert_uint_eq(v.ended[2], REPLIES_AT);
	ck_assert_uint_eq(v.ended[3], 0);
	ck_assert_uint_eq(v.replies[0].wall.turns, 1);
	ck_assert_int_eq(v.replies[0].wall.max, 5);
	ck_assert_uint_eq(v.replies[1].wall.turns, 0);
	ck_assert_int_eq(hex_decode(sha, 32, SHA_2), 0);
	ck_assert(!memcmp(v.sha256[2], sha, 32));
	/* Nothing of a resume when not asked for. */
	ck_assert_ptr_null(v.resume.header);
	ck_assert_ptr_null(v.resume.set_aside);
	manifest_view_free(&v);
	clean_up();
}
END_TEST

/* What was cut and dealt again, from the games of the "aborted" records
 * (manifest_cut.h): each game once however many of its logs were set
 * aside, and in a duplicate run each set (its `players` consecutive
 * games) once, in the sentence verify, ladder and the report show. */
START_TEST(counts_what_was_cut)
{
	long games[] = {9, 3, 4, 9, 10, 3};
	char *logs[] = {"9-1", "3-1", "4-1", "9-2", "10-1", "3-2"};
	struct manifest_view v = {.players = 2, .aborted_games = games,
				  .aborted_logs = logs};
	struct manifest_cut cut, sum = {0};
	char text[MANIFEST_CUT_LEN];

	manifest_cut_count(&v, &cut);
	ck_assert_str_eq(manifest_cut_text(&cut, text), "");
	v.aborted = 1;
	manifest_cut_count(&v, &cut);
	ck_assert_str_eq(manifest_cut_text(&cut, text), "cut by a stop and dealt again: "
			 "1 game (1 log set aside in games/aborted/, listed by the manifest)");
	v.aborted = 6;
	manifest_cut_count(&v, &cut);
	ck_assert_int_eq(cut.games, 4);
	ck_assert_int_eq(cut.sets, 0);
	ck_assert_str_eq(manifest_cut_text(&cut, text), "cut by a stop and dealt again: "
			 "4 games (6 logs set aside in games/aborted/, listed by the manifest)");
	/* Sets of 2: games 3 and 4 are one, 9 and 10 another. */
	v.duplicate = true;
	manifest_cut_count(&v, &cut);
	ck_assert_int_eq(cut.sets, 2);
	ck_assert_str_eq(manifest_cut_text(&cut, text), "cut by a stop and dealt again: "
			 "4 games, 2 duplicate sets (6 logs set aside in games/aborted/, "
			 "listed by the manifest)");
	/* Sets of 3: 1-3, 4-6, 7-9 and 10-12. */
	v.players = 3;
	manifest_cut_count(&v, &cut);
	ck_assert_int_eq(cut.sets, 4);
	/* A game its table's started record listed, with its C, that never
	 * began (its record has no log): nothing was cut. */
	v.aborted_logs = (char *[]){NULL};
	v.aborted = 1;
	manifest_cut_count(&v, &cut);
	ck_assert_int_eq(cut.games, 0);
	ck_assert_int_eq(cut.logs, 0);
	ck_assert_str_eq(manifest_cut_text(&cut, text), "");
	v.aborted_logs = logs;
	v.aborted_games = (long[]){5, 4};
	v.aborted = 2;
	manifest_cut_count(&v, &cut);
	ck_assert_str_eq(manifest_cut_text(&cut, text), "cut by a stop and dealt again: "
			 "2 games, 1 duplicate set (2 logs set aside in games/aborted/, "
			 "listed by the manifest)");
	manifest_cut_add(&sum, &cut);
	manifest_cut_add(&sum, &cut);
	ck_assert_int_eq(sum.games, 4);
	ck_assert_int_eq(sum.sets, 2);
	ck_assert_int_eq(sum.logs, 4);
}
END_TEST

/* The records the fast path reads, as manifest_records.h writes them down
 * ("H": the hash of the line before). */
START_TEST(records_have_their_layout)
{
	static const char *const expect[] = {
		[1] = "{\"seq\":1,\"prev\":\"H\",\"type\":\"started\",\"table\":1,\"games\":[1,2,3]}",
		[2] = "{\"seq\":2,\"prev\":\"H\",\"type\":\"finished\",\"games\":["
		      "{\"game\":1,\"seats\":[0,1],\"sha256\":\"" SHA_1 "\",\"ranks\":[2,1],"
		      "\"forfeits\":[null,\"timeout\"]},"
		      "{\"game\":2,\"seats\":[1,0],\"sha256\":\"" SHA_2 "\",\"ranks\":[2,1],"
		      "\"recovered\":true}]}",
		[3] = "{\"seq\":3,\"prev\":\"H\",\"type\":\"replies\",\"at\":1700000000,"
		      "\"bots\":[{\"bot\":0,\"turns\":1,\"max\":5,\"us\":[[5,1]]}]}",
		[4] = "{\"seq\":4,\"prev\":\"H\",\"type\":\"resumed\"}",
		[5] = "{\"seq\":5,\"prev\":\"H\",\"type\":\"aborted\",\"game\":3,"
		      "\"log\":\"games/aborted/000003.aborted-1.jsonl\"}",
		[6] = "{\"seq\":6,\"prev\":\"H\",\"type\":\"bot\",\"bot\":1,"
		      "\"entry\":{\"name\":\"b\",\"command\":\"./b2\"}}",
		[9] = "{\"seq\":9,\"prev\":\"H\",\"type\":\"complete\",\"finished\":3}",
	};
	static const char sig_head[] = "{\"seq\":10,\"prev\":\"H\",\"type\":\"signature\","
		"\"key\":\"";
	unsigned char hash[MAX_LINES][FAIR_HASH_BYTES];
	char hex[2 * FAIR_HASH_BYTES + 1];
	const char *sig;

	write_good();
	ck_assert_str_eq(lines[0], "{\"seq\":0,\"type\":\"run\",\"format\":\""
			 RUN_FORMAT "\",\"verb\":\"tournament\",\"id\":\"11223300000000000000000000000000\","
			 "\"fairness\":6,\"name\":\"t\",\"file_sha256\":\"" SHA_3 "\",\"game\":\"rolit\","
			 "\"players\":2,\"schedule_games\":3,\"bots\":[\"a\",\"b\"],"
			 "\"shard\":\"1/1\",\"file\":" FILE_TEXT "}");
	for (size_t i = 0; i < line_count; i++)
		line_hash(hash[i], i);
	for (size_t i = 1; i < line_count; i++) {
		hex_encode(hex, hash[i - 1], sizeof hash[i - 1]);
		sub(i, hex, "H");
		if (i < sizeof expect / sizeof *expect && expect[i])
			ck_assert_str_eq(lines[i], expect[i]);
	}
	ck_assert(!strncmp(lines[10], sig_head, sizeof sig_head - 1));
	sig = lines[10] + sizeof sig_head - 1 + 64;
	ck_assert(!strncmp(sig, "\",\"sig\":\"", 9));
	ck_assert_uint_eq(strlen(sig + 9), 128 + 2);
	clean_up();
}
END_TEST

/* A damaged manifest, re-signed: line `line` (from 1) with `from`
 * replaced by `to`, chained again unless `broken`, and every problem
 * verify reports, one a line (a resume names the first). */
static const struct damage {
	int line;
	const char *from, *to;
	bool broken;
	const char *problems;
} damages[] = {
	{3, "\"seq\":2", "\"seq\":5", false,
	 "line 3: \"seq\" must be 2\n"},
	{2, "\"games\":[1,2,3]", "\"games\":[2,3]", false,
	 "line 3: game 1 is finished but was never started\n"
	 "game 1 of the schedule was never started\n"},
	{9, "{\"game\":3,", "{\"game\":1,", false,
	 "line 9: game 1 is finished twice\n"
	 "game 3 was started but never finished\n"},
	{3, "\"ranks\":[2,1],\"forfeits\"", "\"ranks\":[2],\"forfeits\"", false,
	 "line 3: game 1: a finished game needs its log's \"sha256\" and 2 \"ranks\"\n"
	 "game 1 was started but never finished\n"},
	{4, "\"at\":1700000000", "\"at\":1700000001", true,
	 "line 5: \"prev\" is not the hash of line 4: a line was changed, removed "
	 "or reordered\n"},
	{6, "\"game\":3", "\"game\":4", false,
	 "line 6: an aborted record needs the \"game\" whose log it set aside, "
	 "one of the schedule (1 to 3)\n"},
	{7, "\"name\":\"b\"", "\"name\":\"c\"", false,
	 "line 7: a bot record needs \"bot\", one of the 2 \"bots\", and its new "
	 "\"entry\", of the same \"name\"\n"},
};

START_TEST(refuses_damage)
{
	const struct damage *d = &damages[_i];
	struct manifest_view v;
	struct journal *journal;
	cJSON *versions;
	char expect[ERR_LEN];
	size_t first = strcspn(d->problems, "\n");
	long more = -1;

	write_good();
	sub((size_t)d->line - 1, d->from, d->to);
	if (!d->broken)
		rechain(line_count);
	write_lines(line_count, 0);
	read_as_verify(&v);
	ck_assert_str_eq(said, d->problems);
	manifest_view_free(&v);
	for (const char *p = d->problems; *p; p++)
		more += *p == '\n';
	snprintf(expect, sizeof expect, "cannot resume %s: %.*s", path, (int)first,
		 d->problems);
	if (more)
		snprintf(expect + strlen(expect), sizeof expect - strlen(expect),
			 " (and %ld more)", more);
	ck_assert_int_eq(reopen(&v, &journal, &versions), -1);
	ck_assert_str_eq(err, expect);
	ck_assert_ptr_null(journal);
	manifest_view_free(&v);
	clean_up();
}
END_TEST

/* A run killed as it wrote its signature: verify refuses the cut line, a
 * resume drops it and goes on after the line before, chained to it. */
START_TEST(resumes_after_the_last_whole_line)
{
	struct manifest_view v;
	struct journal *journal;
	unsigned char hash[FAIR_HASH_BYTES];
	char hex[2 * FAIR_HASH_BYTES + 1], expect[ERR_LEN];
	size_t whole = 0;
	cJSON *versions;

	write_good();
	write_lines(line_count, 20);
	read_as_verify(&v);
	ck_assert_str_eq(said, "line 11: cut short (no newline): the run was stopped "
			 "while writing it; finish it with --resume\n");
	manifest_view_free(&v);
	for (size_t i = 0; i < 10; i++)
		whole += strlen(lines[i]) + 1;
	line_hash(hash, 9);
	ck_assert_int_eq(reopen(&v, &journal, &versions), 0);
	ck_assert_uint_eq(v.resume.bytes, whole);
	ck_assert_int_eq(v.resume.chain.seq, 10);
	ck_assert(!memcmp(v.resume.chain.hash, hash, sizeof hash));
	ck_assert(!v.signed_);
	/* The file's bot b at its last version: this run's file changes it
	 * back, a new version. */
	ck_assert_uint_eq(cJSON_GetArraySize(versions), 1);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(versions, 0), "entry"),
		"command")), "./b");
	cJSON_Delete(versions);
	manifest_view_free(&v);
	ck_assert_int_eq(journal_append(journal, manifest_resumed_record(), err), 0);
	ck_assert_int_eq(journal_flush(journal, err), 0);
	journal_free(journal);
	load_lines();
	ck_assert_uint_eq(line_count, 11);
	hex_encode(hex, hash, sizeof hash);
	snprintf(expect, sizeof expect, "{\"seq\":10,\"prev\":\"%s\",\"type\":\"resumed\"}", hex);
	ck_assert_str_eq(lines[10], expect);
	clean_up();
}
END_TEST

/* The manifest.jsonl of an earlier version (its first record a
 * "tournament" of arena-manifest/4), in a folder without run.jsonl, is
 * still read whole, and found by a resume, which has nothing left. */
START_TEST(reads_an_earlier_versions_manifest)
{
	struct manifest_view v;
	struct journal *journal;
	cJSON *versions;
	char *old;

	write_good();
	ck_assert_int_eq(unlink(path), 0);
	old = outdir_manifest(dir);
	snprintf(path, sizeof path, "%s", old);
	sub(0, "\"type\":\"run\",\"format\":\"arena-run/1\",\"verb\":\"tournament\"",
	    "\"type\":\"tournament\",\"format\":\"arena-manifest/4\"");
	rechain(line_count);
	write_lines(line_count, 0);
	ck_assert_int_eq(read_as_verify(&v), 0);
	ck_assert_str_eq(said, "");
	ck_assert(v.signed_);
	ck_assert_int_eq(v.finished, 3);
	manifest_view_free(&v);
	ck_assert_int_eq(reopen(&v, &journal, &versions), 1);
	ck_assert_ptr_null(journal);
	manifest_view_free(&v);
	clean_up();
	free(old);
}
END_TEST

/* What a resume needs of a stopped run beside the chain. */
START_TEST(keeps_what_a_resume_needs)
{
	struct manifest_view v;
	struct journal *journal;
	cJSON *versions;
	const cJSON *bots;

	write_good();
	write_lines(9, 0);   /* stopped before "complete" */
	ck_assert_int_eq(reopen(&v, &journal, &versions), 0);
	ck_assert_int_eq(v.finished, 3);
	ck_assert_int_eq(v.resume.set_aside[3], 1);
	ck_assert_int_eq(v.resume.set_aside[1] + v.resume.set_aside[2], 0);
	/* Game 3 finished after the last replies record. */
	ck_assert_uint_eq(v.resume.unreplied_count, 1);
	ck_assert_int_eq(v.resume.unreplied[0], 3);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		v.resume.header, "name")), "t");
	bots = cJSON_GetObjectItemCaseSensitive(v.resume.file, "bots");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetArrayItem(bots, 1), "command")), "./b2");
	journal_free(journal);
	cJSON_Delete(versions);
	manifest_view_free(&v);
	clean_up();
}
END_TEST

/* A signed run has nothing left; another tournament's or format's, or a
 * file without a whole record, is not resumed. */
START_TEST(resumes_only_its_own_unsigned_run)
{
	struct manifest_view v;
	struct journal *journal;
	cJSON *versions;
	char expect[ERR_LEN];

	write_good();
	ck_assert_int_eq(reopen(&v, &journal, &versions), 1);
	ck_assert(v.signed_);
	ck_assert_ptr_null(journal);
	manifest_view_free(&v);
	sub(0, "\"schedule_games\":3", "\"schedule_games\":4");
	rechain(line_count);
	write_lines(9, 0);
	ck_assert_int_eq(reopen(&v, &journal, &versions), -1);
	snprintf(expect, sizeof expect, "cannot resume %s: \"schedule_games\" "
		 "differs: the run was started with 4, this one has 3; resume with "
		 "what it was started with, or use another --out", dir);
	ck_assert_str_eq(err, expect);
	manifest_view_free(&v);
	sub(0, "\"type\":\"run\",\"format\":\"arena-run/1\",\"verb\":\"tournament\"",
	    "\"type\":\"tournament\",\"format\":\"arena-manifest/2\"");
	write_lines(9, 0);
	ck_assert_int_eq(reopen(&v, &journal, &versions), -1);
	snprintf(expect, sizeof expect, "cannot resume %s: line 1: is in format "
		 "arena-manifest/2, which this referee cannot resume (it resumes "
		 "arena-run/1 and arena-manifest/4): finish the run with the referee "
		 "that started it, or start again with another --out", path);
	ck_assert_str_eq(err, expect);
	manifest_view_free(&v);
	write_lines(1, strlen(lines[0]) - 4);
	ck_assert_int_eq(reopen(&v, &journal, &versions), -1);
	snprintf(expect, sizeof expect, "cannot resume %s: holds no whole record: "
		 "the run was stopped as it began; remove it and start again "
		 "without --resume", path);
	ck_assert_str_eq(err, expect);
	manifest_view_free(&v);
	clean_up();
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("manifest_read");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, reads_a_finished_run);
	tcase_add_test(tc, counts_what_was_cut);
	tcase_add_test(tc, grows_after_its_signature);
	tcase_add_test(tc, reads_an_earlier_versions_manifest);
	tcase_add_test(tc, plays_a_bot_left_out_after_its_signature);
	tcase_add_test(tc, records_have_their_layout);
	tcase_add_loop_test(tc, refuses_damage, 0, sizeof damages / sizeof *damages);
	tcase_add_test(tc, resumes_after_the_last_whole_line);
	tcase_add_test(tc, keeps_what_a_resume_needs);
	tcase_add_test(tc, resumes_only_its_own_unsigned_run);
	suite_add_tcase(s, tc);
	return s;
}
