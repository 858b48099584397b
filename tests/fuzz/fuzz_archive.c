/*
 * Fuzzing the league server's reader of uploaded bots' archives: the
 * input is unpacked with web_archive_unpack (a .tar or .tar.gz) into a
 * fresh temporary folder, removed after.  Whatever it says, it must not
 * crash, and nothing may be written outside that folder: the harness
 * unpacks into a subfolder and checks that the folder around it holds
 * nothing else after.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/paths.h"
#include "base/util.h"
#include "fuzz.h"
#include "web/web_archive.h"

#define FUZZ_ARCHIVE_CAP (1 << 20)

/* Whether `dir` holds nothing but `only`. */
static bool holds_only(const char *dir, const char *only)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool alone = true;

	if (!d)
		fuzz_fail("the temporary folder cannot be read");
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    strcmp(e->d_name, only))
			alone = false;
	closedir(d);
	return alone;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *dir = fuzz_write_folder("archive", NULL, 0);
	char *dest = path_join(dir, "bot"), err[ERR_LEN];

	if (mkdir(dest, 0700))
		fuzz_fail("the bot's folder cannot be made");
	web_archive_unpack(data, size, dest, FUZZ_ARCHIVE_CAP, NULL, err);
	if (!holds_only(dir, "bot"))
		fuzz_fail("an archive wrote outside the bot's folder");
	free(dest);
	fuzz_remove_folder(dir);
	return 0;
}
