/*
 * Unit tests for util.c: hex round trips and the strict lowercase rule;
 * for region.c: aligned, separate allocations, however large, a region
 * emptied and used again, and cJSON trees made in one; for paths.c:
 * joined, resolved and compared path strings; for files.c: a
 * symbolic link read whatever its length, the SHA-256 of a file and of
 * the same bytes in memory, and a tree of any depth removed on a small
 * stack; for botfolder.c: a folder's hash capped in depth; for
 * filehash.c: an unchanged file's hash remembered, and forgotten when
 * the file is rewritten, even to its size and modification time; for
 * json.c: the whole numbers a long holds, and no other; and for
 * json_number.c: every number written as cJSON's %g rule writes it.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "base/files.h"
#include "base/json.h"
#include "base/json_number.h"
#include "base/paths.h"
#include "base/region.h"
#include "base/util.h"
#include "bot/botfolder.h"
#include "bot/filehash.h"
#include "run_suite.h"

/* Allocations of every size from 1 to 300 bytes, and one far larger
 * than the first block, are aligned and do not overlap. */
START_TEST(region_allocations_are_aligned_and_separate)
{
	struct region r;
	unsigned char *p[301], *big;

	region_init(&r, 100);
	for (size_t n = 1; n <= 300; n++) {
		p[n] = region_alloc(&r, n);
		ck_assert_uint_eq((uintptr_t)p[n] % alignof(max_align_t), 0);
		memset(p[n], (int)(n & 0xff), n);
	}
	big = region_alloc(&r, 1 << 20);
	ck_assert_uint_eq((uintptr_t)big % alignof(max_align_t), 0);
	memset(big, 0xee, 1 << 20);
	for (size_t n = 1; n <= 300; n++)
		for (size_t k = 0; k < n; k++)
			ck_assert_uint_eq(p[n][k], n & 0xff);
	region_free(&r);
	ck_assert_ptr_null(r.blocks);
	/* An emptied region can be used again. */
	memset(region_alloc(&r, 64), 1, 64);
	region_free(&r);
}
END_TEST

/* region_reset() keeps the newest, largest block: the next allocation
 * starts it again, and nothing new is allocated for what fits. */
START_TEST(region_reset_keeps_the_largest_block)
{
	struct region r;
	unsigned char *large;

	region_init(&r, 100);
	memset(region_alloc(&r, 10), 1, 10);
	large = region_alloc(&r, 1 << 16);  /* a second block */
	memset(large, 2, 1 << 16);
	region_reset(&r);
	ck_assert_ptr_eq(region_alloc(&r, 1 << 16), large);
	region_reset(&r);
	region_free(&r);
	region_reset(&r);  /* an empty region */
	ck_assert_ptr_null(r.blocks);
}
END_TEST

/* Between region_json_start() and region_json_stop(), cJSON's trees come
 * from the region, and deleting one frees nothing: the region does;
 * after, cJSON allocates as before (a sanitizer or valgrind would see a
 * tree of the region freed, or a tree of malloc lost). */
START_TEST(region_json_trees_live_in_the_region)
{
	struct region r;
	cJSON *tree;

	region_init(&r, 0);
	region_json_start(&r);
	tree = cJSON_CreateObject();
	cJSON_AddStringToObject(tree, "name", "kept");
	ck_assert_ptr_nonnull(r.blocks);
	cJSON_Delete(tree);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(tree, "name")), "kept");
	region_json_stop();
	region_free(&r);
	tree = cJSON_CreateObject();
	cJSON_AddStringToObject(tree, "name", "freed");
	cJSON_Delete(tree);
}
END_TEST

/* The SHA-256 of "abc" (FIPS 180-2's first example), from a file and
 * from memory. */
START_TEST(sha256_of_a_file_and_of_its_bytes)
{
	static const char want[] =
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
	char path[] = "/tmp/check_util_sha.XXXXXX", hex[FILES_SHA256_HEX];
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "abc", 3), 3);
	close(fd);
	ck_assert_int_eq(files_sha256(AT_FDCWD, path, hex), 0);
	ck_assert_str_eq(hex, want);
	unlink(path);
	files_sha256_bytes("abc", 3, hex);
	ck_assert_str_eq(hex, want);
}
END_TEST

/* A file last changed over two seconds ago (FILEHASH_SETTLED_NS) is
 * hashed once: its status alone gives its hash again, even with another
 * file open (nothing is read).  Rewritten in place to the same size, its
 * modification time put back, it is hashed again: the rewrite moved its
 * change time, which no process can put back; and, changed a moment
 * ago, it is read every time. */
START_TEST(filehash_remembers_only_an_unchanged_file)
{
	static const char abc[] =
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
	static const char xyz[] =
		"3608bca1e44ea6c4d268eb6db02260269892c0b42b86bbf1e77a6fa16c3c9282";
	static const char empty[] =
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
	char path[] = "/tmp/check_util_filehash.XXXXXX", hex[FILES_SHA256_HEX];
	int fd = mkstemp(path), null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	struct stat st;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_ge(null, 0);
	ck_assert_int_eq(write(fd, "abc", 3), 3);
	sleep(3);
	ck_assert_int_eq(files_sha256_by(AT_FDCWD, path, filehash_fd, hex), 0);
	ck_assert_str_eq(hex, abc);
	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert_int_eq(filehash_fd(null, &st, hex), 0);
	ck_assert_str_eq(hex, abc);
	ck_assert_int_eq(pwrite(fd, "xyz", 3, 0), 3);
	ck_assert_int_eq(futimens(fd, (struct timespec[2]){ st.st_atim, st.st_mtim }), 0);
	ck_assert_int_eq(files_sha256_by(AT_FDCWD, path, filehash_fd, hex), 0);
	ck_assert_str_eq(hex, xyz);
	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert_int_eq(filehash_fd(null, &st, hex), 0);
	ck_assert_str_eq(hex, empty);
	close(null);
	close(fd);
	unlink(path);
}
END_TEST

START_TEST(hex_round_trip)
{
	const unsigned char bytes[] = {0x00, 0x01, 0xab, 0xff};
	unsigned char back[4];
	char hex[9];

	hex_encode(hex, bytes, sizeof bytes);
	ck_assert_str_eq(hex, "0001abff");
	ck_assert_int_eq(hex_decode(back, sizeof back, hex), 0);
	ck_assert_mem_eq(back, bytes, sizeof bytes);
}
END_TEST

START_TEST(hex_rejects_bad_input)
{
	unsigned char out[2];

	ck_assert_int_eq(hex_decode(out, 2, "00AB"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "00a"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "00abc"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "0g00"), -1);
	/* The neighbours of the digit ranges. */
	ck_assert_int_eq(hex_decode(out, 2, "0/00"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "0:00"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "0`00"), -1);
	ck_assert_int_eq(hex_decode(out, 2, "00f0"), 0);
	ck_assert_int_eq(hex_decode(out, 2, NULL), -1);
}
END_TEST

/* Every byte value at every place of a 19-digit string (two 8-byte words
 * and a tail): accepted exactly when hex_decode accepts it. */
START_TEST(hex_is_lowercase_agrees_with_decode)
{
	char hex[21] = "0123456789abcdef0a1b", pair[3] = {0};
	unsigned char out;

	ck_assert(hex_is_lowercase(hex, 19));
	ck_assert(hex_is_lowercase(hex, 0));
	for (size_t at = 0; at < 19; at++)
		for (int c = 1; c < 256; c++) {
			char saved = hex[at];

			hex[at] = (char)c;
			pair[0] = (char)c;
			pair[1] = '0';
			ck_assert_msg(hex_is_lowercase(hex, 19) == (hex_decode(&out, 1, pair) == 0),
				      "byte %d at %zu", c, at);
			hex[at] = saved;
		}
}
END_TEST

START_TEST(errorf_returns_minus_one)
{
	char err[ERR_LEN];

	ck_assert_int_eq(errorf(err, "bad %s %d", "thing", 7), -1);
	ck_assert_str_eq(err, "bad thing 7");
}
END_TEST

START_TEST(whole_number_reads_plain_digits_in_range)
{
	static const struct { const char *text; bool ok; long n; } cases[] = {
		{"0", true, 0}, {"42", true, 42}, {"007", true, 7},
		{"-3", true, -3}, {"100", true, 100}, {"-10", true, -10},
		{"101", false, 0}, {"-11", false, 0}, {"", false, 0},
		{"-", false, 0}, {"+5", false, 0}, {" 5", false, 0},
		{"5 ", false, 0}, {"5.0", false, 0}, {"0x10", false, 0},
		{"--5", false, 0}, {"99999999999999999999", false, 0},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		long n = 12345;

		ck_assert_msg(whole_number(cases[i].text, -10, 100, &n) == cases[i].ok,
			      "'%s'", cases[i].text);
		ck_assert_int_eq(n, cases[i].ok ? cases[i].n : 12345);
	}
	ck_assert(whole_number("9223372036854775807", 0, LONG_MAX, &(long){0}));
	ck_assert(!whole_number("9223372036854775808", 0, LONG_MAX, &(long){0}));
}
END_TEST

/* Checks one result of the path functions, which return allocations. */
static void expect_path(char *got, const char *want)
{
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(path_join_puts_one_slash_between)
{
	expect_path(path_join("a", "b"), "a/b");
	expect_path(path_join("a//", "/b"), "a/b");
	expect_path(path_join("/", "b"), "/b");
	expect_path(path_join("a", ""), "a");
	expect_path(path_join("a/", "/"), "a");
	expect_path(path_join("/", ""), "/");
}
END_TEST

START_TEST(path_joinf_joins_a_printed_name)
{
	expect_path(path_joinf("out/", "games/%06ld.jsonl", 42L), "out/games/000042.jsonl");
	expect_path(path_joinf("/", "%s-%d", "table", 7), "/table-7");
	expect_path(path_joinf(NULL, "games/%06ld.jsonl", 42L), "games/000042.jsonl");
}
END_TEST

/* A link's target comes back whole, however long (a fixed buffer would
 * have cut it), and a file that is no link gives NULL with errno. */
START_TEST(files_readlink_reads_any_length)
{
	char folder[] = "/tmp/check-util.XXXXXX", *link, *target = xmalloc(4001);

	ck_assert_ptr_nonnull(mkdtemp(folder));
	link = path_join(folder, "link");
	memset(target, 'a', 4000);
	for (size_t i = 100; i < 4000; i += 100)
		target[i] = '/';
	target[4000] = '\0';
	ck_assert_int_eq(symlink(target, link), 0);
	expect_path(files_readlink(link), target);
	errno = 0;
	ck_assert_ptr_null(files_readlink(folder));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(files_remove_tree(folder), 0);
	free(link);
	free(target);
}
END_TEST

/* Makes `depth` folders "d" one in another under `folder`, a file and a
 * link to it at the bottom. */
static void deep_tree(const char *folder, int depth)
{
	int fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	for (int i = 0; i < depth; i++) {
		int next;

		ck_assert_int_eq(mkdirat(fd, "d", 0700), 0);
		next = openat(fd, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		ck_assert_int_ge(next, 0);
		close(fd);
		fd = next;
	}
	close(openat(fd, "f", O_WRONLY | O_CREAT | O_CLOEXEC, 0600));
	ck_assert_int_eq(symlinkat("f", fd, "l"), 0);
	close(fd);
}

static void *remove_in_thread(void *folder)
{
	return (void *)(intptr_t)files_remove_tree(folder);
}

/* A tree 5,000 folders deep (an uploaded archive made one of 30,000) is
 * removed whole by a thread with a 64 KiB stack: no recursion. */
START_TEST(files_remove_tree_any_depth)
{
	char folder[] = "/tmp/check-util.XXXXXX", *top;
	pthread_attr_t attr;
	pthread_t t;
	void *rc;

	ck_assert_ptr_nonnull(mkdtemp(folder));
	top = path_join(folder, "top");
	ck_assert_int_eq(mkdir(top, 0700), 0);
	deep_tree(top, 5000);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	ck_assert_int_eq(pthread_create(&t, &attr, remove_in_thread, top), 0);
	ck_assert_int_eq(pthread_join(t, &rc), 0);
	ck_assert_int_eq((intptr_t)rc, 0);
	ck_assert_int_eq(access(top, F_OK), -1);
	ck_assert_int_eq(rmdir(folder), 0);
	pthread_attr_destroy(&attr);
	free(top);
}
END_TEST

static void *describe_in_thread(void *spec)
{
	return botfolder_describe(spec);
}

/* A bot's folder 5,000 deep is hashed to 64 folders deep, by a thread
 * with a 256 KiB stack (hashing a file takes 64 of them), and its record
 * says it stopped at a bound. */
START_TEST(botfolder_deep_is_capped)
{
	char folder[] = "/tmp/check-util.XXXXXX", *bot;
	struct bot_spec spec = {.command = "/bin/sh ./bot"};
	pthread_attr_t attr;
	pthread_t t;
	void *folder_json;

	ck_assert_ptr_nonnull(mkdtemp(folder));
	bot = path_join(folder, "bot");
	close(open(bot, O_WRONLY | O_CREAT | O_CLOEXEC, 0700));
	deep_tree(folder, 5000);
	spec.command_dir = folder;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	ck_assert_int_eq(pthread_create(&t, &attr, describe_in_thread, &spec), 0);
	ck_assert_int_eq(pthread_join(t, &folder_json), 0);
	ck_assert_ptr_nonnull(folder_json);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(folder_json, "capped")));
	ck_assert_int_eq(cJSON_GetObjectItem(folder_json, "files")->valueint, 1);
	cJSON_Delete(folder_json);
	ck_assert_int_eq(files_remove_tree(folder), 0);
	pthread_attr_destroy(&attr);
	free(bot);
}
END_TEST

/* A relative base is itself resolved against the current folder: the
 * result is absolute whatever the base (a bot's folder named relative to
 * a tournament file named relative). */
START_TEST(path_resolve_is_always_absolute)
{
	char *cwd = getcwd(NULL, 0);

	ck_assert_int_eq(chdir("/usr"), 0);
	expect_path(path_resolve("/srv/bots", "/opt/x"), "/opt/x");
	expect_path(path_resolve("/srv/bots", "x/y"), "/srv/bots/x/y");
	expect_path(path_resolve("share", "x"), "/usr/share/x");
	expect_path(path_resolve(NULL, "x"), "/usr/x");
	/* "." adds nothing: a file in the current folder names its folder
	 * ".", and a workdir "./x" is x. */
	expect_path(path_resolve(".", "../bots/b"), "/usr/../bots/b");
	expect_path(path_resolve("./", "./x"), "/usr/x");
	expect_path(path_resolve("/srv/club", "././/x"), "/srv/club/x");
	expect_path(path_resolve("./share", "x"), "/usr/share/x");
	expect_path(path_resolve("/srv/club", "."), "/srv/club");
	ck_assert_int_eq(chdir(cwd), 0);
	free(cwd);
}
END_TEST

START_TEST(path_parent_and_within)
{
	expect_path(path_parent("/a/b/c"), "/a/b");
	expect_path(path_parent("/a"), "/");
	expect_path(path_parent("name"), ".");
	ck_assert(path_within("/a/b", "/a"));
	ck_assert(path_within("/a", "/a/"));
	ck_assert(path_within("/a/b", "/"));
	ck_assert(!path_within("/ab", "/a"));
	ck_assert(!path_within("/a", "/a/b"));
}
END_TEST

/* A whole number in range is read; a fraction, a number out of range or
 * beyond a long (1e300, 2^63, which (double)LONG_MAX rounds up to) and a
 * string are not, and leave *out alone. */
START_TEST(json_whole_reads_only_whole_numbers_in_range)
{
	cJSON *list = cJSON_Parse("[5, -9223372036854775808, 2.5, 1e300, "
				  "9223372036854775808, \"5\", 11]");
	long out = 7;

	ck_assert(json_whole(cJSON_GetArrayItem(list, 0), 0, 10, &out));
	ck_assert_int_eq(out, 5);
	ck_assert(json_whole(cJSON_GetArrayItem(list, 1), LONG_MIN, LONG_MAX, &out));
	ck_assert(out == LONG_MIN);
	out = 7;
	for (int i = 2; i < 7; i++)
		ck_assert(!json_whole(cJSON_GetArrayItem(list, i), LONG_MIN,
				      i == 6 ? 10 : LONG_MAX, &out));
	ck_assert_int_eq(out, 7);
	cJSON_Delete(list);
}
END_TEST

/* d and -d written as sprintf("%1.15g") when that reads back as d, else
 * "%1.17g".  Checked before Check is called: each of its asserts writes
 * to the runner (3 million writes for the case below, most of its time,
 * past its timeout on a loaded machine). */
static void expect_g_rule(double d)
{
	for (int sign = 0; sign < 2; sign++, d = -d) {
		char want[JSON_NUMBER_LEN], got[JSON_NUMBER_LEN];
		int n = snprintf(want, sizeof want, "%1.15g", d);
		size_t length;

		if (strtod(want, NULL) != d)
			n = snprintf(want, sizeof want, "%1.17g", d);
		length = json_number_format(d, got);
		if (length != (size_t)n || strcmp(got, want))
			ck_abort_msg("%a: wrote \"%s\" (%zu), not \"%s\"", d, got, length, want);
	}
}

/* json_number_format writes what the %g rule writes: doubles of every
 * bit pattern, those of [1e-4, 1) (its own digits) drawn bit by bit,
 * those of few bits (exact ties at the 16th and 18th digit), those just
 * below a power of ten (rounded up to it) and those about 1e-4 and 1. */
START_TEST(json_number_writes_the_g_rule)
{
	uint64_t x = 88172645463325252u;

	for (int i = 0; i < 200000; i++) {
		uint64_t bits;
		double d;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		bits = x;
		memcpy(&d, &bits, sizeof d);
		if (isfinite(d))
			expect_g_rule(d);
		expect_g_rule(ldexp((double)(x >> 11), -53 - (int)(x % 15)));
		expect_g_rule(ldexp((double)(x % 1024), -10 - (int)(x % 4)));
		expect_g_rule(pow(10, -(double)(x % 5)) *
			      (1 - ldexp((double)(x % 64), -53)));
	}
	expect_g_rule(1e-4);
	expect_g_rule(nextafter(1e-4, 0));
	expect_g_rule(nextafter(1, 0));
	expect_g_rule(0.1);
	expect_g_rule(0.5);
}
END_TEST

/* Bots told apart by name: found where they are, a new one added once,
 * as a copy. */
START_TEST(names_numbered_once)
{
	char **names = NULL, bob[] = "bob";
	int count = 0;

	ck_assert_int_eq(name_index(names, count, "alice"), -1);
	ck_assert_int_eq(name_number(&names, &count, "alice"), 0);
	ck_assert_int_eq(name_number(&names, &count, bob), 1);
	bob[0] = 'B';
	ck_assert_str_eq(names[1], "bob");
	ck_assert_int_eq(name_number(&names, &count, "alice"), 0);
	ck_assert_int_eq(name_number(&names, &count, "bob"), 1);
	ck_assert_int_eq(count, 2);
	ck_assert_int_eq(name_index(names, count, "bob"), 1);
	ck_assert_int_eq(name_index(names, count, "Bob"), -1);
	for (int i = 0; i < count; i++)
		free(names[i]);
	free(names);
}
END_TEST

/* XDG's folders: the variable's when absolute, else the one in HOME,
 * else none. */
START_TEST(xdg_folder_or_home)
{
	char *p;

	setenv("HOME", "/home/ada", 1);
	setenv("XDG_CACHE_HOME", "/var/cache/ada", 1);
	p = path_xdg("XDG_CACHE_HOME", ".cache", "arena/values");
	ck_assert_str_eq(p, "/var/cache/ada/arena/values");
	free(p);
	setenv("XDG_CACHE_HOME", "relative", 1);
	p = path_xdg("XDG_CACHE_HOME", ".cache", "arena/values");
	ck_assert_str_eq(p, "/home/ada/.cache/arena/values");
	free(p);
	p = path_xdg("XDG_CACHE_HOME", ".local/share", NULL);
	ck_assert_str_eq(p, "/home/ada/.local/share");
	free(p);
	unsetenv("XDG_CACHE_HOME");
	setenv("HOME", "relative", 1);
	ck_assert_ptr_null(path_xdg("XDG_CACHE_HOME", ".cache", "arena/values"));
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("util");

	tcase_add_test(tc, hex_round_trip);
	tcase_add_test(tc, hex_rejects_bad_input);
	tcase_add_test(tc, hex_is_lowercase_agrees_with_decode);
	tcase_add_test(tc, errorf_returns_minus_one);
	tcase_add_test(tc, whole_number_reads_plain_digits_in_range);
	tcase_add_test(tc, names_numbered_once);
	tcase_add_test(tc, region_allocations_are_aligned_and_separate);
	tcase_add_test(tc, region_reset_keeps_the_largest_block);
	tcase_add_test(tc, region_json_trees_live_in_the_region);
	tcase_add_test(tc, sha256_of_a_file_and_of_its_bytes);
	tcase_add_test(tc, path_join_puts_one_slash_between);
	tcase_add_test(tc, path_joinf_joins_a_printed_name);
	tcase_add_test(tc, xdg_folder_or_home);
	tcase_add_test(tc, files_readlink_reads_any_length);
	/* The deep trees' thousands of folders, on a busy disk. */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, files_remove_tree_any_depth);
	tcase_add_test(tc, botfolder_deep_is_capped);
	tcase_add_test(tc, filehash_remembers_only_an_unchanged_file);
	tcase_add_test(tc, path_resolve_is_always_absolute);
	tcase_add_test(tc, path_parent_and_within);
	tcase_add_test(tc, json_whole_reads_only_whole_numbers_in_range);
	tcase_add_test(tc, json_number_writes_the_g_rule);
	suite_add_tcase(s, tc);
	return s;
}
