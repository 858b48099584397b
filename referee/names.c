/*
 * The rule of names; see names.h.
 */
#include "names.h"

#include <string.h>

bool name_ok(const char *name, size_t len)
{
	bool folder = len <= 2 && strspn(name, ".") >= len;  /* "." or ".." */

	return len >= 1 && len <= 40 && !folder &&
	       strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			    "0123456789_.-") >= len;
}
