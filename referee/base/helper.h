/*
 * Where bot-exec is (bot_exec.c, the program bwrap runs to become the
 * bot): $ARENA_BOT_EXEC when set (tests whose program is not the
 * referee), else beside the running program (the build tree, or an
 * installed referee's folder), else where `make install` puts it
 * (PKGLIBEXECDIR).
 */
#ifndef ARENA_SANDBOX_HELPER_H
#define ARENA_SANDBOX_HELPER_H

/* Its absolute path, a new string; NULL with err when it is in none of
 * those places. */
char *sandbox_helper_path(char *err);

#endif
