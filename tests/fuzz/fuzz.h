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

/* Prints "fuzz: broken invariant: WHAT" and aborts. */
void fuzz_fail(const char *what) __attribute__((noreturn));

#endif
