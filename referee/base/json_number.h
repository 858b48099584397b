/*
 * A number as JSON text, as cJSON writes it: "%1.15g" when that reads
 * back as the same double, else "%1.17g" (json_number.c: without printf
 * for the chances a grade is made of).
 */
#ifndef ARENA_JSON_NUMBER_H
#define ARENA_JSON_NUMBER_H

#include <stddef.h>

#define JSON_NUMBER_LEN 32	/* the longest, "-1.2345678901234567e-308", and more */

/* Writes d (finite) into out, NUL-terminated; returns its length. */
size_t json_number_format(double d, char out[JSON_NUMBER_LEN]);

#endif
