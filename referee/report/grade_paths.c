/*
 * Many logs graded in turn (grade.h's grade_paths()), one read ahead:
 * its decisions told before the log before it is graded, so that the
 * last turns of each log are solved with the first of the next.
 */
#include "base/util.h"
#include "grade.h"

/* A log read and told, or why it could not be read. */
struct grade_read {
	struct game_log log;
	bool loaded;
	char err[ERR_LEN];
};

static void grade_read(struct grade *g, const char *path, struct grade_read *r)
{
	r->loaded = logread_load(path, &r->log, r->err) == 0;
	if (r->loaded)
		grade_tell(g, &r->log);
}

void grade_paths(struct grade *g, char *const *paths, size_t count,
		 grade_each *each, void *ctx)
{
	struct grade_read read[2];

	if (count)
		grade_read(g, paths[0], &read[0]);
	for (size_t i = 0; i < count; i++) {
		struct grade_read *r = &read[i % 2];
		enum grade_status status = GRADE_UNVERIFIED;
		cJSON *doc = NULL;

		if (i + 1 < count)
			grade_read(g, paths[i + 1], &read[(i + 1) % 2]);
		if (r->loaded) {
			status = grade_told(g, &r->log, &doc, r->err);
			logread_free(&r->log);
		}
		each(ctx, paths[i], status, doc, r->err);
	}
}
