/*
 * Unit tests for excerpt.c: the first and last lines
 * of a bot's stderr after the last game mark, the middle counted, and
 * the advice for a path the sandbox hides (a Python module, a Node
 * package behind npm's symlink, a file).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/excerpt.h"
#include "run_suite.h"

static char dir[] = "/tmp/check_excerpt.XXXXXX";

static char *in_dir(const char *name)
{
	char *path = malloc(strlen(dir) + strlen(name) + 2);

	sprintf(path, "%s/%s", dir, name);
	return path;
}

/* The excerpt of a file holding `text`, printed with indent "  ". */
static char *printed(const char *text, bool sandboxed)
{
	char *path = in_dir("stderr"), *buf = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "w"), *out;
	struct excerpt x;

	fputs(text, f);
	fclose(f);
	excerpt_read(path, sandboxed, &x);
	out = open_memstream(&buf, &len);
	excerpt_print(out, &x, "  ");
	fclose(out);
	excerpt_free(&x);
	unlink(path);
	free(path);
	return buf;
}

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
	char command[64];

	snprintf(command, sizeof command, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(command), 0);
	strcpy(dir + strlen(dir) - 6, "XXXXXX");
}

START_TEST(head_and_tail_around_the_middle)
{
	char text[400] = "=== arena: game 1 (game_id 00), seat 0, rolit ===\nold\n"
			 "=== arena: game 2 (game_id 01), seat 1, rolit ===\n";
	char *got;

	for (int i = 1; i <= 20; i++)
		sprintf(text + strlen(text), "line %d\n", i);
	got = printed(text, false);
	ck_assert_str_eq(got, "  | line 1\n  | line 2\n  | line 3\n  | line 4\n"
			 "  | line 5\n  | line 6\n  | ... (8 more lines)\n"
			 "  | line 15\n  | line 16\n  | line 17\n  | line 18\n"
			 "  | line 19\n  | line 20\n");
	free(got);
}
END_TEST

START_TEST(short_and_empty)
{
	char *got = printed("one\n\x1b[2Jtwo", false);

	ck_assert_str_eq(got, "  | one\n  | \\x1b[2Jtwo\n");
	free(got);
	got = printed("=== arena: game 1 (game_id 00), seat 0, rolit ===\n", false);
	ck_assert_str_eq(got, "  (it wrote nothing to stderr)\n");
	free(got);
}
END_TEST

/* The referee's marks start with byte 0x1e: in a file that has them, a
 * game's mark without it is the bot's own line, which starts no game. */
START_TEST(unmarked_mark_is_the_bots)
{
	char *got = printed("\x1e=== arena: game 1 (game_id 00), seat 0, rolit ===\nmine\n"
			    "=== arena: game 2 (game_id 01), seat 1, rolit ===\n"
			    "\x1e=== arena: move 2 ===\nafter\n", false);

	ck_assert_str_eq(got, "  | mine\n  | === arena: game 2 (game_id 01), seat 1, rolit ===\n"
			 "  | after\n");
	free(got);
}
END_TEST

START_TEST(bubblewrap_failure)
{
	char *path = in_dir("bwrap");
	FILE *f = fopen(path, "w");
	struct excerpt x;

	fputs("bwrap: Can't mount tmpfs on /newroot/x: No such file or directory\n", f);
	fclose(f);
	excerpt_read(path, true, &x);
	ck_assert(excerpt_sandbox_failed(&x));
	ck_assert_str_eq(excerpt_first(&x), "bwrap: Can't mount tmpfs on /newroot/x: "
			 "No such file or directory");
	ck_assert_ptr_null(x.hint);
	excerpt_free(&x);
	excerpt_read("/nonexistent/stderr", true, &x);
	ck_assert(!excerpt_sandbox_failed(&x));
	ck_assert_ptr_null(excerpt_first(&x));
	excerpt_free(&x);
	free(path);
}
END_TEST

START_TEST(python_module)
{
	char *hint = excerpt_hint("ModuleNotFoundError: No module named 'arena_bot.games'");

	ck_assert_str_eq(hint, "Python cannot import 'arena_bot': the sandbox shows "
			 "the bot only the system folders, its own folder, the files "
			 "its command names and what is given as readable: if "
			 "'arena_bot' is installed in a virtual environment, run the "
			 "bot with that environment's interpreter (\"VENV/bin/python "
			 "bot.py\"), which brings its packages; if elsewhere "
			 "(~/.local, an SDK's folder), give the folder that holds it "
			 "with --readable PATH (\"readable\" in a tournament file)");
	free(hint);
}
END_TEST

/* open("../shared/weights.txt") from the bot's folder: nothing above it
 * is in the sandbox. */
START_TEST(relative_path_out_of_the_folder)
{
	char *hint = excerpt_hint("FileNotFoundError: [Errno 2] No such file or "
				  "directory: '../shared/weights.txt'");

	ck_assert_str_eq(hint, "the bot opened ../shared/weights.txt, a path relative "
			 "to its own folder that leads out of it: the sandbox shows "
			 "the bot nothing of the folders above its own: give the "
			 "file's folder with --readable PATH (\"readable\" in a "
			 "tournament file) and open it by its absolute path, or put "
			 "the file in the bot's folder");
	free(hint);
	ck_assert_ptr_null(excerpt_hint("ok: read ../shared/weights.txt"));
}
END_TEST

/* A program naming itself in its error ("bash: x.sh: not found") from
 * a system folder, which the sandbox shows: no hint to make it readable. */
START_TEST(system_program_not_hidden)
{
	ck_assert_ptr_null(excerpt_hint("/usr/bin/bash: sh/minimal.sh: No such file "
					"or directory"));
}
END_TEST

/* java -cp . Bot, run from the folder of Bot.class without --workdir. */
START_TEST(java_class)
{
	char *hint = excerpt_hint("Error: Could not find or load main class Bolo5Bot");

	ck_assert_str_eq(hint, "Java cannot find the class 'Bolo5Bot' in the bot's "
			 "folder: that is --workdir DIR (\"workdir\" in a tournament "
			 "file), else the folder of the file its command names, else "
			 "of its program (java's own): give the folder of its classes "
			 "as --workdir, or name its jar (java -jar FOLDER/bot.jar)");
	free(hint);
}
END_TEST

/* npm install FOLDER links node_modules/NAME to FOLDER. */
START_TEST(node_package_behind_a_symlink)
{
	char *sdk = in_dir("sdk"), *bot = in_dir("bot"), *modules = in_dir("bot/node_modules");
	char *link = in_dir("bot/node_modules/arena-bot"), line[512], want[1024], *hint;

	ck_assert_int_eq(mkdir(sdk, 0755) | mkdir(bot, 0755) | mkdir(modules, 0755), 0);
	ck_assert_int_eq(symlink(sdk, link), 0);
	snprintf(line, sizeof line, "Error [ERR_MODULE_NOT_FOUND]: Cannot find package "
		 "'arena-bot' imported from %s/bot.mjs", bot);
	hint = excerpt_hint(line);
	snprintf(want, sizeof want, "%s is a symlink to %s, which the sandbox does not "
		 "show the bot (npm install FOLDER makes such a link): install the "
		 "package as a copy, npm install --install-links %s, or give %s with "
		 "--readable PATH (\"readable\" in a tournament file)", link, sdk, sdk, sdk);
	ck_assert_str_eq(hint, want);
	free(hint);
	unlink(link);
	hint = excerpt_hint(line);
	ck_assert_str_eq(hint, "the bot imports the package 'arena-bot', which is not "
			 "installed in its folder: install it there (for a package in "
			 "a folder, npm install --install-links FOLDER, a copy rather "
			 "than a link the sandbox hides)");
	free(hint);
	free(sdk);
	free(bot);
	free(modules);
	free(link);
}
END_TEST

START_TEST(file_the_sandbox_hides)
{
	char *jar = in_dir("bot.jar"), line[512], want[512], *hint;
	FILE *f = fopen(jar, "w");

	fclose(f);
	snprintf(line, sizeof line, "Error: Unable to access jarfile %s", jar);
	hint = excerpt_hint(line);
	snprintf(want, sizeof want, "%s is there, but the sandbox does not show it to "
		 "the bot: give it with --readable PATH (\"readable\" in a tournament "
		 "file)", jar);
	ck_assert_str_eq(hint, want);
	free(hint);
	/* Not there for the referee either: nothing to say. */
	ck_assert_ptr_null(excerpt_hint("python3: can't open file '/nonexistent/x.py': "
					"[Errno 2] No such file or directory"));
	ck_assert_ptr_null(excerpt_hint("Traceback (most recent call last):"));
	free(jar);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("excerpt");
	TCase *tc = tcase_create("excerpt");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, head_and_tail_around_the_middle);
	tcase_add_test(tc, short_and_empty);
	tcase_add_test(tc, unmarked_mark_is_the_bots);
	tcase_add_test(tc, bubblewrap_failure);
	tcase_add_test(tc, python_module);
	tcase_add_test(tc, relative_path_out_of_the_folder);
	tcase_add_test(tc, system_program_not_hidden);
	tcase_add_test(tc, java_class);
	tcase_add_test(tc, node_package_behind_a_symlink);
	tcase_add_test(tc, file_the_sandbox_hides);
	suite_add_tcase(s, tc);
	return s;
}
