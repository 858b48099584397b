/*
 * The sockets and FIFOs inside a folder a sandboxed bot sees.  Each is
 * masked: another program's socket there would be a way out of the
 * sandbox (a socket file connects across namespaces), and a FIFO that two
 * bots see a line between them.  Device nodes need nothing: the bot's
 * mounts do not let it open them.
 */
#ifndef ARENA_SANDBOX_SPECIALS_H
#define ARENA_SANDBOX_SPECIALS_H

/* More files than this in one folder a bot sees is an error: the walk
 * would cost every bot start. */
#define SANDBOX_WALK_MAX 200000
/* And folders deeper than this: the walk (nftw()) recurses a level a
 * folder, and a stack has room for only so many. */
#define SANDBOX_WALK_DEPTH 256

/* The sockets and FIFOs under `folder` (absolute, real), not looking
 * under the paths of `skip` (NULL-ended, or NULL: they are masked
 * anyway): a NULL-ended list owned by a cache that lives as long as the
 * process (a folder is walked once), or NULL with err. */
const char *const *sandbox_specials(const char *folder,
				    const char *const *skip, char *err);

#endif
