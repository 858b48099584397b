/*
 * One run per output folder: a tournament run holds an exclusive lock on
 * DIR/run.lock (flock) for its whole life, so that a second run or
 * --resume of the same folder is refused at once, before it touches
 * anything, and a manifest is never written by two processes.  The kernel
 * drops the lock when the last process holding it ends, however it ends
 * (kill -9 included): a stale file never blocks a later run.
 */
#ifndef ARENA_RUN_LOCK_H
#define ARENA_RUN_LOCK_H

#include <stdbool.h>

/* Takes the lock of the folder `dir` (which must exist) and writes this
 * process's id in it.  Returns the descriptor, close-on-exec, to keep
 * open until the process ends (workers forked from it keep it too, so
 * that the lock is held until the last of them has gone), or -1 with a
 * message naming the process that holds it.  The workers of a referee
 * that has ended (kill -9) are waited for, 15 s at most. */
int run_lock(const char *dir, char *err);

/* Whether a run holds the lock of the folder `dir` now, for a reader of
 * the folder (`verify`) that writes nothing: a shared lock tried and let
 * go at once, from a descriptor opened for reading. */
bool run_lock_held(const char *dir);

#endif
