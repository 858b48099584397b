/*
 * Unit tests for chain.c: a run's signed file appended and signed, read
 * back whole, and a changed byte, a removed line, a cut line, a changed
 * signature and a key other than the one expected each refused with its
 * exact message.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/chain.h"
#include "base/files.h"
#include "base/journal.h"
#include "base/util.h"
#include "run_suite.h"

static const unsigned char run_id[FAIR_GAME_ID_BYTES] = {7, 6, 5, 4, 3, 2, 1};
static struct referee_key signer, other;
static char path[] = "/tmp/check_chain_XXXXXX";

static cJSON *record(const char *type, int n)
{
	cJSON *r = cJSON_CreateObject();

	cJSON_AddStringToObject(r, "type", type);
	cJSON_AddNumberToObject(r, "n", n);
	return r;
}

/* A run's file as a journal writes it: its header with the run's id,
 * two records, and the signature by `signer`. */
static void setup(void)
{
	unsigned char seed[32] = {1};
	char err[ERR_LEN], id_hex[2 * FAIR_GAME_ID_BYTES + 1];
	cJSON *header = cJSON_CreateObject();
	struct journal *j;

	ck_assert_int_ge(sodium_init(), 0);
	crypto_sign_seed_keypair(signer.public_key, signer.secret_key, seed);
	seed[0] = 2;
	crypto_sign_seed_keypair(other.public_key, other.secret_key, seed);
	close(mkstemp(path));
	unlink(path);
	cJSON_AddStringToObject(header, "type", "header");
	hex_encode(id_hex, run_id, sizeof run_id);
	cJSON_AddStringToObject(header, "id", id_hex);
	j = journal_create(path, err);
	ck_assert_ptr_nonnull(j);
	ck_assert_int_eq(journal_append(j, header, err), 0);
	ck_assert_int_eq(journal_append(j, record("a", 1), err), 0);
	ck_assert_int_eq(journal_append(j, record("b", 2), err), 0);
	ck_assert_int_eq(journal_sign(j, &signer, run_id, err), 0);
	journal_free(j);
}

static void teardown(void)
{
	unlink(path);
	memcpy(path + strlen(path) - 6, "XXXXXX", 6);
}

/* The file with the first `from` replaced by `to`. */
static void edit(const char *from, const char *to)
{
	size_t len;
	char *text = files_read_all(path, &len), *at = strstr(text, from);
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(at);
	fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	fclose(f);
	free(text);
}

/* chain_lines_check() of the file against `trusted`: its return, the
 * message in err, whether it holds as signed in *signed_. */
static int check(const unsigned char *trusted, bool *signed_, char *err)
{
	struct chain_lines l;
	int rc;

	chain_lines_read(&l, path);
	ck_assert_ptr_nonnull(l.text);
	err[0] = '\0';
	rc = chain_lines_check(&l, path, trusted, signed_, err);
	chain_lines_free(&l);
	return rc;
}

/* The message the check of the file gives, "PATH" standing for its path. */
static void expect_refused(const unsigned char *trusted, const char *said)
{
	char err[ERR_LEN], want[ERR_LEN];
	bool signed_ = true;

	snprintf(want, sizeof want, "%s%s", path, said);
	ck_assert_int_eq(check(trusted, &signed_, err), -1);
	ck_assert_str_eq(err, want);
	ck_assert(!signed_);
}

START_TEST(appended_and_signed_reads_back)
{
	struct chain_lines l;
	char err[ERR_LEN];
	bool signed_ = false;

	chain_lines_read(&l, path);
	ck_assert_uint_eq(l.count, 4);
	ck_assert(!l.cut);
	ck_assert(chain_line_is(&l, 1, "a"));
	ck_assert(chain_line_is(&l, 2, "b"));
	ck_assert(!chain_line_is(&l, 2, "a"));
	ck_assert(chain_line_is(&l, 3, "signature"));
	ck_assert_int_eq(chain_lines_check(&l, path, NULL, &signed_, err), 0);
	ck_assert(signed_);
	signed_ = false;
	ck_assert_int_eq(chain_lines_check(&l, path, signer.public_key, &signed_, err), 0);
	ck_assert(signed_);
	chain_lines_free(&l);
}
END_TEST

START_TEST(changed_byte_refused)
{
	edit("\"n\":2", "\"n\":3");
	expect_refused(NULL, ": line 4: its chain is broken");
}
END_TEST

START_TEST(changed_record_before_the_last_refused)
{
	edit("\"n\":1", "\"n\":3");
	expect_refused(NULL, ": line 3: its chain is broken");
}
END_TEST

START_TEST(removed_line_refused)
{
	size_t len;
	char *text = files_read_all(path, &len);
	char *second = strchr(text, '\n') + 1, *third = strchr(second, '\n') + 1;
	FILE *f = fopen(path, "w");

	fprintf(f, "%.*s%s", (int)(second - text), text, third);
	fclose(f);
	free(text);
	expect_refused(NULL, ": line 2: its chain is broken");
}
END_TEST

/* A signature line cut short is a line being written: left out, and
 * the file is read as unsigned, its chain whole. */
START_TEST(cut_line_left_out_unsigned)
{
	struct chain_lines l;
	size_t len;
	char *text = files_read_all(path, &len), err[ERR_LEN];
	bool signed_ = true;

	ck_assert_int_eq(truncate(path, (off_t)len - 10), 0);
	chain_lines_read(&l, path);
	ck_assert(l.cut);
	ck_assert_uint_eq(l.count, 3);
	ck_assert_int_eq(chain_lines_check(&l, path, signer.public_key, &signed_, err), 0);
	ck_assert(!signed_);
	chain_lines_free(&l);
	free(text);
}
END_TEST

/* A NUL byte is a byte of its line, not the file's end. */
START_TEST(nul_byte_stays_in_its_line)
{
	struct chain_lines l;
	FILE *f = fopen(path, "w");

	fwrite("{\"a\0\"}\n{}\n", 1, 10, f);
	fclose(f);
	chain_lines_read(&l, path);
	ck_assert_uint_eq(l.count, 2);
	ck_assert_uint_eq(l.len[0], 6);
	ck_assert_ptr_null(chain_line_json(&l, 0));
	ck_assert_uint_eq(l.len[1], 2);
	ck_assert(!l.cut);
	chain_lines_free(&l);
}
END_TEST

START_TEST(changed_signature_refused)
{
	size_t len;
	char *text = files_read_all(path, &len);
	/* The signature's last hex digit, before "}\n. */
	char digit[] = {text[len - 4], '"', '}', '\0'}, swapped[4];

	memcpy(swapped, digit, sizeof swapped);
	swapped[0] = digit[0] == '0' ? '1' : '0';
	edit(digit, swapped);
	expect_refused(NULL, ": the signature does not verify");
	free(text);
}
END_TEST

START_TEST(wrong_key_refused)
{
	char key_hex[2 * CHAIN_KEY_BYTES + 1], said[160];

	hex_encode(key_hex, signer.public_key, CHAIN_KEY_BYTES);
	snprintf(said, sizeof said, ": signed by key %s, not by the key given", key_hex);
	expect_refused(other.public_key, said);
}
END_TEST

/* What chain_signature_check() says of the signature `s` of the chain
 * of `owner` after `end`, made by `signer`. */
static const char *said(const struct chain_owner *owner, const struct chain_end *end,
			const cJSON *s, const char *key_hex, const unsigned char *trusted)
{
	static char why[ERR_LEN];

	why[0] = '\0';
	chain_signature_check(owner, end, key_hex ? key_hex
			      : cJSON_GetStringValue(cJSON_GetObjectItem(s, "key")),
			      cJSON_GetStringValue(cJSON_GetObjectItem(s, "sig")), trusted, why);
	return why;
}

/* A signature binds its file's kind and id: a log's does not pass for a
 * register's, nor for another run's, nor for another line. */
START_TEST(signature_binds_kind_and_id)
{
	unsigned char league[32] = {1}, message[CHAIN_MESSAGE_MAX];
	unsigned char other_id[FAIR_GAME_ID_BYTES] = {8};
	struct chain_owner log = {CHAIN_LOG_TAG, run_id, sizeof run_id};
	struct chain_owner reg = {CHAIN_REGISTER_TAG, league, sizeof league};
	struct chain_owner another = {CHAIN_LOG_TAG, other_id, sizeof other_id};
	struct chain_end end = {.seq = 5}, before = {.seq = 4};
	cJSON *s;

	chain_take(&end, "{}", 2);
	before = end;
	before.seq--;
	s = chain_signature(&log, &end, &signer);
	ck_assert_uint_eq(chain_message(message, &log, 5, end.hash), 68);
	ck_assert_uint_eq(chain_message(message, &reg, 5, end.hash), CHAIN_MESSAGE_MAX);
	ck_assert_str_eq(said(&log, &end, s, NULL, signer.public_key), "");
	ck_assert_str_eq(said(&log, &before, s, NULL, NULL), "the signature does not verify");
	ck_assert_str_eq(said(&reg, &end, s, NULL, NULL), "the signature does not verify");
	ck_assert_str_eq(said(&another, &end, s, NULL, NULL), "the signature does not verify");
	ck_assert_str_eq(said(&log, &end, s, "ab", NULL),
			 "\"key\" must be 32 bytes of lowercase hex");
	cJSON_Delete(s);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("chain");
	TCase *tc = tcase_create("chain");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, appended_and_signed_reads_back);
	tcase_add_test(tc, changed_byte_refused);
	tcase_add_test(tc, changed_record_before_the_last_refused);
	tcase_add_test(tc, removed_line_refused);
	tcase_add_test(tc, cut_line_left_out_unsigned);
	tcase_add_test(tc, nul_byte_stays_in_its_line);
	tcase_add_test(tc, changed_signature_refused);
	tcase_add_test(tc, wrong_key_refused);
	tcase_add_test(tc, signature_binds_kind_and_id);
	suite_add_tcase(s, tc);
	return s;
}
