/*
 * Reading and adding the members of a replay document's steps and views
 * (replay.h): what the builder, the describers of each game family, the
 * text replay and the report share.  A leaf: it calls no other module of
 * the replay.
 */
#ifndef ARENA_REPLAY_MEMBERS_H
#define ARENA_REPLAY_MEMBERS_H

#include <cjson/cJSON.h>

/* The number member `name` of `object` as an int, or `fallback` when it
 * has none or one beyond an int. */
int replay_int(const cJSON *object, const char *name, int fallback);

/* Writes the numbers of the array `faces` (dice faces) as words, "3 5 1",
 * at out + used, with a space before the first too when `used` is not 0,
 * cut as snprintf would to the `len` bytes of out; returns the new
 * length.  snprintf for each face was a twentieth of a report. */
size_t replay_faces(char *out, size_t len, size_t used, const cJSON *faces);

/* Adds the formatted words to the step's "events". */
void replay_event(cJSON *step, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
