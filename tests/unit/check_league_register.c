/*
 * Unit tests for the league's register (league_register.c): the
 * known-answer vector of docs/FAIRNESS-LEAGUE.md ("The league's register"), a
 * fixed key, league and records giving these exact bytes, each line's
 * hash and what its signature signs; and the register read back, whole,
 * then with one byte changed, its first line cut, its last line cut.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/journal.h"
#include "base/keys.h"
#include "base/paths.h"
#include "base/util.h"
#include "games/registry.h"
#include "league/league_register.h"
#include "run_suite.h"

/* docs/FAIRNESS.md's register.* values. */
static const char kat_bytes[] =
	"{\"seq\":0,\"type\":\"league\",\"format\":\"arena-register/1\",\"id\":"
	"\"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\","
	"\"game\":\"rolit\",\"options\":{\"size\":6,\"first\":\"random\"},\"players\":2}\n"
	"{\"seq\":1,\"prev\":\"b250f566b842453057b54772a1e0c601c42bc39156d9a03253513f9ee5f2537d\","
	"\"type\":\"signature\",\"key\":\"cd14b37f956e953194ff7fb73b3d81dcc561d61a7538094b7c3e1a643ee5f3aa\","
	"\"sig\":\"e47ac6debc01d3c7e751bd31200c69c74d1ab990195f13ea5594c5be6c189ddd"
	"5ae0e553f56640339d7655ca260c4687ebbabb603dc66771fa5147eec4994107\"}\n"
	"{\"seq\":2,\"prev\":\"e6a976e54bc374ed19a44dbcb73f93767f3a3030dc0222c8d80127cd65e2aaf3\","
	"\"type\":\"retire\",\"name\":\"a\"}\n"
	"{\"seq\":3,\"prev\":\"9c7dddbe0dddabe315983faa4f113e486f17b180851e476ceaa84eaf456e6418\","
	"\"type\":\"signature\",\"key\":\"cd14b37f956e953194ff7fb73b3d81dcc561d61a7538094b7c3e1a643ee5f3aa\","
	"\"sig\":\"0a6ae98701672019c3aabc13f11054bbe91152eda412c1b91a8595af9a3b8a75"
	"4dab6483995d313824508dd185a25359d60d4a3571b013977f829fb4cfc2b50a\"}\n";
static const char kat_message0[] =
	"6172656e613a72656769737465723a7631"
	"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	"0000000000000000"
	"b250f566b842453057b54772a1e0c601c42bc39156d9a03253513f9ee5f2537d";

/* The vector's league, key and folder (a new temporary one). */
struct fixture {
	struct league_info info;
	struct referee_key key;
	char dir[64];
};

static void fixture_make(struct fixture *f)
{
	unsigned char seed[32];

	ck_assert_int_ge(sodium_init(), 0);
	for (int i = 0; i < 32; i++)
		seed[i] = (unsigned char)(0x80 + i);
	crypto_sign_seed_keypair(f->key.public_key, f->key.secret_key, seed);
	memset(&f->info, 0, sizeof f->info);
	f->info.rules = arena_game_find("rolit");
	f->info.options = cJSON_Parse("{\"size\":6,\"first\":\"random\"}");
	f->info.players = 2;
	for (int i = 0; i < 32; i++)
		snprintf(f->info.id + 2 * i, 3, "%02x", i);
	snprintf(f->dir, sizeof f->dir, "/tmp/check_league_register.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(f->dir));
}

static void fixture_free(struct fixture *f)
{
	char *path = path_join(f->dir, LEAGUE_REGISTER);

	unlink(path);
	rmdir(f->dir);
	free(path);
	league_info_free(&f->info);
}

/* The register in f's folder, whole. */
static char *register_text(const struct fixture *f)
{
	char *path = path_join(f->dir, LEAGUE_REGISTER), *text = files_read_all(path, NULL);

	free(path);
	ck_assert_ptr_nonnull(text);
	return text;
}

/* Writes `text` as f's register. */
static void register_write(const struct fixture *f, const char *text)
{
	char *path = path_join(f->dir, LEAGUE_REGISTER);
	FILE *out = fopen(path, "w");

	ck_assert_ptr_nonnull(out);
	fputs(text, out);
	fclose(out);
	free(path);
}

/* What league_register_read() says of f's register now: "" or why. */
static void expect_broken(const struct fixture *f, const char *why)
{
	struct league_register r;
	char err[ERR_LEN];

	ck_assert_int_eq(league_register_read(f->dir, &f->info, &r, err), 0);
	ck_assert_str_eq(r.broken, why);
	league_register_free(&r);
}

START_TEST(kat_register)
{
	struct fixture f;
	unsigned char id[LEAGUE_ID_BYTES], message[CHAIN_MESSAGE_MAX];
	struct chain_end end = {0};
	struct chain_owner owner = {CHAIN_REGISTER_TAG, id, sizeof id};
	char err[ERR_LEN], hex[2 * sizeof message + 1], *text;
	cJSON *retire = cJSON_Parse("{\"type\":\"retire\",\"name\":\"a\"}");

	fixture_make(&f);
	ck_assert_int_eq(league_register_start(f.dir, &f.info, &f.key, err), 0);
	ck_assert_int_eq(league_register_append(f.dir, &f.info, retire, &f.key, err), 0);
	text = register_text(&f);
	ck_assert_str_eq(text, kat_bytes);
	/* The first signature signs the first line's hash. */
	hex_decode_exact(id, sizeof id, f.info.id);
	chain_take(&end, text, strcspn(text, "\n"));
	hex_encode(hex, message, chain_message(message, &owner, 0, end.hash));
	ck_assert_str_eq(hex, kat_message0);
	expect_broken(&f, "");
	free(text);
	cJSON_Delete(retire);
	fixture_free(&f);
}
END_TEST

START_TEST(register_tampered)
{
	struct fixture f;
	char *text = xstrdup(kat_bytes), *cut;

	fixture_make(&f);
	/* The retire's name changed: the line after it no longer chains. */
	strstr(text, "\"name\":\"a\"")[8] = 'b';
	register_write(&f, text);
	expect_broken(&f, "line 3: changed: the \"prev\" of line 4 is not its hash");
	/* The last line cut: the retire is signed by nothing. */
	cut = xstrdup(kat_bytes);
	*(strrchr(cut, '{')) = '\0';
	register_write(&f, cut);
	expect_broken(&f, "line 3: nothing signs it: a register ends with a signature "
		      "(its last lines were cut, or lines were added without the key)");
	/* The league's line cut: the chain begins at line 2. */
	register_write(&f, strchr(kat_bytes, '\n') + 1);
	expect_broken(&f, "line 1: its chain is broken: its \"seq\" is not 0 (a line "
		      "added, removed or moved without the key)");
	/* Another league's register. */
	f.info.id[0] = 'f';
	register_write(&f, kat_bytes);
	expect_broken(&f, "line 1: it names another league than league.json does (its "
		      "id, game, options or players): one of them was changed");
	free(cut);
	free(text);
	fixture_free(&f);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("league_register");
	TCase *tc = tcase_create("league_register");

	tcase_add_test(tc, kat_register);
	tcase_add_test(tc, register_tampered);
	suite_add_tcase(s, tc);
	return s;
}
