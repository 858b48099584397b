/*
 * What the fuzz harnesses share.  Each harness (fuzz_*.c) defines
 * LLVMFuzzerTestOneInput and is linked twice: with libFuzzer for `make
 * fuzz` (run.sh), and with regress.c, a plain main() that feeds it the
 * corpus and the kept crashers in `make check`.  A harness aborts on any
 * broken invariant, so that both drivers report it as a crash.
 */
#ifndef ARENA_FUZZ_H
#define ARENA_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Writes `size` bytes to /tmp/fuzz-NAME.PID (one file per process, so
 * that fuzzers running side by side do not meet) and returns that path,
 * valid until the next call; the caller removes the file. */
const char *fuzz_write_temp(const char *name, const uint8_t *data,
			    size_t size);

/* The input of a harness of a verb that reads a folder, as a new folder
 * fuzz-NAME.XXXXXX in $TMPDIR or /tmp: the input is a list of files,
 * each a line "@@ PATH" followed by its content, every line up to the
 * next "@@ " line (bytes before the first are ignored).  PATH is
 * relative, in subfolders or not; one that is not (absolute, "..") is
 * skipped, one ending in "/" is an empty folder.  tests/fuzz/pack.sh
 * packs a folder so.
 * Returns the folder's path, new; fuzz_remove_folder removes it. */
char *fuzz_write_folder(const char *name, const uint8_t *data, size_t size);
void fuzz_remove_folder(char *dir);

/* Writes the records of the input that parse, up to a signature, as a
 * new log /tmp/fuzz-sealed.PID, each record's "seq" and "prev" made
 * again by the real writer (journal.h) and the whole signed with a fixed
 * key: a mutated record gets past the hash chain and the signature, to
 * the checks of the play.  Returns its path (valid until the next call;
 * the caller removes the file), or NULL when no record parses. */
const char *fuzz_reseal(const uint8_t *data, size_t size);

/* A problem reporter (problems.h) that ignores what it is told. */
void fuzz_ignore_problem(void *ctx, const char *where, const char *what);

/* Prints "fuzz: broken invariant: WHAT" and aborts. */
void fuzz_fail(const char *what) __attribute__((noreturn));

#endif
