/*
 * The system folders; see sandbox_system.h.
 */
#include "sandbox_system.h"

#include <stddef.h>

#include "base/paths.h"

const char *const sandbox_system_folders[] = {
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc",
	NULL,
};

bool sandbox_is_system(const char *path)
{
	for (const char *const *s = sandbox_system_folders; *s; s++)
		if (path_within(path, *s))
			return true;
	return false;
}
