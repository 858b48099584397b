/*
 * Where bot-exec is (bot_exec.c, the program bwrap runs to become the
 * bot): $ARENA_BOT_EXEC when set (tests whose program is not the
 * referee), else beside the running program (the build tree), else in
 * the running program's prefix (BIN/../libexec/arena: an installed
 * referee, whatever prefix it was built for), else where `make install`
 * puts it (PKGLIBEXECDIR).
 */
#ifndef ARENA_SANDBOX_HELPER_H
#define ARENA_SANDBOX_HELPER_H

/* Its absolute path, a new string; NULL with err when it is in none of
 * those places. */
char *sandbox_helper_path(char *err);

#endif
