/*
 * The driver that runs a fuzz harness without libFuzzer, so that the
 * corpus and every kept crasher run as ordinary tests in `make check`
 * with the normal build (and under valgrind or the sanitizers when the
 * build has them).  Each argument is a file, given to
 * LLVMFuzzerTestOneInput as it is, or a folder, whose files are (in name
 * order, not descending further).  Each file's name goes to stderr
 * before it runs, so that a report follows the name of its input.  A
 * crash or a broken invariant aborts; otherwise the exit status is 0, or
 * 2 when an argument cannot be read.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;

	if (!f) {
		perror(path);
		return -1;
	}
	do {
		if (size == cap) {
			cap = cap ? 2 * cap : 65536;
			data = realloc(data, cap);
			if (!data)
				abort();
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
	} while (n > 0);
	if (ferror(f)) {
		perror(path);
		fclose(f);
		free(data);
		return -1;
	}
	fclose(f);
	fprintf(stderr, "regress: %s\n", path);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return 0;
}

static int run_folder(const char *path)
{
	struct dirent **names;
	char file[4096];
	struct stat st;
	int n = scandir(path, &names, NULL, alphasort), rc = 0;

	if (n < 0) {
		perror(path);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		snprintf(file, sizeof file, "%s/%s", path, names[i]->d_name);
		if (stat(file, &st) == 0 && S_ISREG(st.st_mode) &&
		    run_file(file))
			rc = -1;
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	struct stat st;
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		if (stat(argv[i], &st)) {
			perror(argv[i]);
			rc = 2;
		} else if (S_ISDIR(st.st_mode) ? run_folder(argv[i]) :
						 run_file(argv[i])) {
			rc = 2;
		}
	}
	return rc;
}
