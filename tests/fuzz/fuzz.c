/*
 * The helpers of fuzz.h: the temporary files that harnesses of readers
 * taking a path write their input to, and the abort on a broken invariant.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char *fuzz_write_temp(const char *name, const uint8_t *data,
			    size_t size)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof path, "/tmp/fuzz-%s.%ld", name, (long)getpid());
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
		perror(path);
		abort();
	}
	return path;
}

void fuzz_fail(const char *what)
{
	fprintf(stderr, "fuzz: broken invariant: %s\n", what);
	abort();
}
