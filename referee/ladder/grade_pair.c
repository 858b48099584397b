/*
 * An sprt pair's two logs graded; see grade_pair.h.
 */
#include "grade_pair.h"

#include <stdlib.h>

#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "sprt_check.h"

enum grade_status grade_sprt_pair(struct grade *g, const char *dir, long pair,
				  const double *plain, double *adjusted, char *err)
{
	for (int seat = 0; seat < 2; seat++) {
		char *path = outdir_play_log(dir, 2 * pair - 1 + seat);
		cJSON *doc;
		enum grade_status status = grade_log(g, path, NULL, &doc, err);

		if (status == GRADE_OK && grade_seat(doc, "result", seat) != plain[seat]) {
			errorf(err, "%s gives A %g, not the %g counted", path,
			       grade_seat(doc, "result", seat), plain[seat]);
			status = GRADE_UNVERIFIED;
		}
		if (status == GRADE_OK)
			adjusted[seat] = grade_seat(doc, "adjusted", seat);
		cJSON_Delete(doc);
		free(path);
		if (status != GRADE_OK)
			return status;
	}
	return GRADE_OK;
}

/* sprt_check.h's scores of a pair: graded from the folder's logs. */
struct graded_folder {
	struct grade *grade;
	char *dir;
};

static int graded_scores(void *ctx, long pair, const double *plain,
			 double *score, char *err)
{
	struct graded_folder *f = ctx;

	return grade_sprt_pair(f->grade, f->dir, pair, plain, score, err) ? -1 : 0;
}

void grade_sprt_check(const struct verify_run_pairs *p, struct problems *problems)
{
	struct graded_folder f = {.grade = grade_new(NULL, 0), .dir = path_parent(p->path)};

	sprt_check_pairs(p, problems, graded_scores, &f);
	free(f.dir);
	grade_free(f.grade);
}
