/*
 * The league server's user (docs/LEAGUE-SERVER.md, "The server"): as root it
 * runs only when told which user to be, and becomes that user once its
 * port is bound, so that what a stranger's request reaches (the upload's
 * unpacking, `league add`, the player and its bots) never runs as root.
 */
#ifndef ARENA_WEB_DROP_H
#define ARENA_WEB_DROP_H

/* Becomes user `name` (a name or a uid): its groups, gid and uid, HOME
 * its home; then checks that league folder `dir` is that user's to
 * write.  0, or -1 with err. */
int web_drop_to(const char *name, const char *dir, char *err);

#endif
