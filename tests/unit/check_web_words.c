/*
 * Unit tests for what the league's server shows of a forfeit
 * (web_games.c): an absolute path in a detail cut to its last part, the
 * rest of the text as it was.
 */
#include <stdlib.h>

#include "run_suite.h"
#include "web/web_games.h"

static void scrubbed(const char *text, const char *want)
{
	char *got = web_words_scrub(text);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(paths_cut_to_their_last_part)
{
	scrubbed("cannot start the bot: cannot run '/srv/league/uploads/kim/upload-Xy1/bot': "
		 "No such file or directory",
		 "cannot start the bot: cannot run 'bot': No such file or directory");
	/* A space ends a path: the name after it is kept. */
	scrubbed("(the action: \"/tmp/a b/c\")", "(the action: \"a b/c\")");
	scrubbed("cannot enter working directory /home/kim/bots/: Permission denied",
		 "cannot enter working directory bots: Permission denied");
	scrubbed("/a/b and (/c/d.py)", "b and (d.py)");
}
END_TEST

START_TEST(other_slashes_kept)
{
	scrubbed("", "");
	scrubbed("no reply within 100 ms", "no reply within 100 ms");
	scrubbed("a 1/2 draw, and/or a lone / here", "a 1/2 draw, and/or a lone / here");
	scrubbed("/bot alone, //", "/bot alone, //");
	scrubbed("{\"action\":\"D3\"}", "{\"action\":\"D3\"}");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("web_words");
	TCase *tc = tcase_create("web_words");

	tcase_add_test(tc, paths_cut_to_their_last_part);
	tcase_add_test(tc, other_slashes_kept);
	suite_add_tcase(s, tc);
	return s;
}
