/*
 * Unit tests for the league's quotas on uploads (league_quota.c) and
 * what the uploaded folders hold (league_use.c): a folder counted in
 * blocks of 4 KiB, each entry a file; quota.json read with its defaults,
 * a setting out of bounds refused; the room an upload has and which
 * quota binds it; a refusal's words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_quota.h"
#include "league/league_use.h"
#include "run_suite.h"

/* Writes `text` to DIR/NAME. */
static void put(const char *dir, const char *name, const char *text)
{
	char *path = path_join(dir, name);
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	free(path);
}

static char *temp_folder(void)
{
	char err[ERR_LEN], *dir = files_temp_dir("check-quota", err);

	ck_assert_ptr_nonnull(dir);
	return dir;
}

START_TEST(use_in_blocks)
{
	char *dir = temp_folder(), *sub = path_join(dir, "sub"), *big = xmalloc(5000);
	char *link = path_join(dir, "link"), *none = path_join(dir, "none");
	struct league_use u = {0, 0};

	ck_assert_uint_eq(league_use_bytes(0), 4096);
	ck_assert_uint_eq(league_use_bytes(1), 4096);
	ck_assert_uint_eq(league_use_bytes(4096), 4096);
	ck_assert_uint_eq(league_use_bytes(4097), 8192);
	put(dir, "a", "ten bytes!");
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	memset(big, 'x', 4999);
	big[4999] = '\0';
	put(sub, "b", big);
	ck_assert_int_eq(symlink("a", link), 0);
	league_use_tree(dir, &u);
	/* a, sub, sub/b (two blocks) and the link: four files, five blocks. */
	ck_assert_uint_eq(u.files, 4);
	ck_assert_uint_eq(u.bytes, 5 * 4096);
	league_use_tree(none, &u);
	ck_assert_uint_eq(u.files, 4);
	files_remove_tree(dir);
	free(big);
	free(link);
	free(none);
	free(sub);
	free(dir);
}
END_TEST

START_TEST(read_and_set)
{
	char *dir = temp_folder(), err[ERR_LEN];
	struct league_quota q;

	ck_assert_int_eq(league_quota_read(dir, &q, err), 0);
	ck_assert_int_eq(q.user_mb, 200);
	ck_assert_int_eq(q.user_files, 20000);
	ck_assert_int_eq(q.versions_kept, 5);
	ck_assert_int_eq(q.league_mb, 10240);
	ck_assert_int_eq(q.league_files, 1000000);
	put(dir, "quota.json", "{\"user_mb\":5,\"versions_kept\":2}\n");
	ck_assert_int_eq(league_quota_read(dir, &q, err), 0);
	ck_assert_int_eq(q.user_mb, 5);
	ck_assert_int_eq(q.versions_kept, 2);
	ck_assert_int_eq(q.user_files, 20000);
	put(dir, "quota.json", "{\"versions_kept\":0}\n");
	ck_assert_int_eq(league_quota_read(dir, &q, err), -1);
	ck_assert_ptr_nonnull(strstr(err, "\"versions_kept\" is not a number from 1 to 1000"));
	ck_assert_int_eq(league_quota_set(&q, "versions_kept", "3", err), 0);
	ck_assert_int_eq(q.versions_kept, 3);
	ck_assert_int_eq(league_quota_set(&q, "versions_kept", "3x", err), -1);
	ck_assert_str_eq(err, "a whole number from 1 to 1000, not '3x'");
	ck_assert_int_eq(league_quota_set(&q, "nothing", "3", err), -1);
	ck_assert_int_eq(league_quota_write(dir, &q, err), 0);
	ck_assert_int_eq(league_quota_read(dir, &q, err), 0);
	ck_assert_int_eq(q.versions_kept, 3);
	files_remove_tree(dir);
	free(dir);
}
END_TEST

START_TEST(room_and_refusal)
{
	struct league_quota q = LEAGUE_QUOTA_DEFAULT;
	struct league_use mine = {1 << 20, 19950}, all = {10240ULL << 20, 100};
	struct league_room room;
	char err[ERR_LEN];

	league_quota_room(&q, &mine, NULL, &room);
	ck_assert_uint_eq(room.files, 50);
	ck_assert_uint_eq(room.bytes, 199ULL << 20);
	ck_assert_int_eq(room.files_by, LEAGUE_QUOTA_USER_FILES);
	league_quota_room(&q, &mine, &all, &room);
	ck_assert_uint_eq(room.bytes, 0);
	ck_assert_int_eq(room.bytes_by, LEAGUE_QUOTA_LEAGUE_BYTES);
	ck_assert_int_eq(room.files_by, LEAGUE_QUOTA_USER_FILES);
	league_quota_refusal(err, &q, LEAGUE_QUOTA_USER_FILES, &mine, 51, true);
	ck_assert_str_eq(err, "over your quota of 20000 files: your bots' uploads keep 19950 "
			 "files beside this one, and this archive has at least 51 more: send a "
			 "bot of fewer files, or ask the league's organiser for a larger quota "
			 "(the league keeps the files of each bot's newest 5 versions)");
	league_quota_refusal(err, &q, LEAGUE_QUOTA_LEAGUE_BYTES, &all, 4096, false);
	ck_assert_str_eq(err, "over the league's quota of 10240 MB for all uploads: they keep "
			 "10240.0 MB beside this one, and this version's folder takes 0.0 MB "
			 "more (files counted in whole blocks of 4 KiB): ask the league's "
			 "organiser to make room ('referee league quota')");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("league_quota");
	TCase *tc = tcase_create("league_quota");

	tcase_add_test(tc, use_in_blocks);
	tcase_add_test(tc, read_and_set);
	tcase_add_test(tc, room_and_refusal);
	suite_add_tcase(s, tc);
	return s;
}
