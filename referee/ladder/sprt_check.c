/*
 * An sprt folder's verdict recomputed; see sprt_check.h.
 */
#include "sprt_check.h"

#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/outdir.h"
#include "base/paths.h"
#include "base/util.h"
#include "sprt.h"
#include "sprt_scores.h"

/* The test of the "sprt" record: 0, or -1 with err. */
static int read_test(const cJSON *r, struct sprt *test, char *err)
{
	static const char *const fields[] = {"elo0", "elo1", "alpha", "beta"};
	const char *model = cJSON_GetStringValue(json_member(r, "model"));
	double value[4];

	for (int i = 0; i < 4; i++) {
		const char *text = cJSON_GetStringValue(json_member(r, fields[i]));
		char *end;

		value[i] = text ? strtod(text, &end) : 0;
		if (!text || !*text || *end)
			return errorf(err, "\"%s\" must be a number in a string", fields[i]);
	}
	if (!model || (strcmp(model, "logistic") && strcmp(model, "normalized")))
		return errorf(err, "\"model\" must be \"logistic\" or \"normalized\"");
	return sprt_init(test, value[0], value[1], value[2], value[3],
			 strcmp(model, "logistic") ? SPRT_NORMALIZED : SPRT_LOGISTIC, err);
}

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

/* The test run again: its pairs counted on their plain scores, or on
 * their luck-adjusted scores, graded from the logs of folder `dir` by
 * `grade` (not NULL). */
struct recount {
	struct sprt test;
	struct grade *grade;
	char *dir;
	struct sprt_tally plain;
	struct sprt_scores luck;
	enum sprt_verdict verdict;
	double llr;
};

/* Pair `pair` (from 1), A's plain scores `plain`, counted: false with a
 * problem when its luck-adjusted scores cannot be had. */
static bool count(struct recount *r, const struct verify_run_pairs *p,
		  struct problems *problems, long pair, const double *plain)
{
	double adjusted[2];
	char err[ERR_LEN];

	sprt_tally_add(&r->plain, &r->test, pair, plain);
	r->verdict = r->plain.verdict;
	r->llr = r->plain.llr;
	if (!r->grade)
		return true;
	if (grade_sprt_pair(r->grade, r->dir, pair, plain, adjusted, err)) {
		problems_add(problems, p->path, "pair %ld's luck-adjusted scores: %s",
			     pair, err);
		return false;
	}
	sprt_scores_add(&r->luck, &r->test, adjusted);
	r->verdict = r->luck.verdict;
	r->llr = r->luck.llr;
	return true;
}

/* The pairs counted again in their order until the verdict, or the first
 * pair dropped after the one the verdict names (compared then): false
 * when one cannot be (a problem added, or one of its own already). */
static bool recount(struct recount *r, const struct verify_run_pairs *p,
		    struct problems *problems, long said_pairs)
{
	for (long k = 0; k < p->pairs && r->verdict == SPRT_CONTINUE; k++) {
		double plain[2] = {p->points[k][0] / 2.0, p->points[k][1] / 2.0};

		if (p->dropped[k] && k < said_pairs) {
			problems_add(problems, p->path, "pair %ld (games %ld and %ld) is "
				     "listed dropped, before the verdict's pair %ld: only "
				     "pairs after the verdict are dropped", k + 1,
				     2 * k + 1, 2 * k + 2, said_pairs);
			return false;
		}
		if (p->dropped[k])
			break;
		if (p->points[k][0] < 0 || p->points[k][1] < 0)
			return false;  /* its log is a problem of its own already */
		if (!count(r, p, problems, k + 1, plain))
			return false;
	}
	return true;
}

void grade_sprt_check(const struct verify_run_pairs *p, struct problems *problems)
{
	struct recount r = {.verdict = SPRT_CONTINUE};
	const char *said = cJSON_GetStringValue(json_member(p->verdict, "verdict"));
	const char *kind = cJSON_GetStringValue(json_member(p->test, "scores"));
	long said_pairs = -1;
	char err[ERR_LEN];

	if (read_test(p->test, &r.test, err)) {
		problems_add(problems, p->path, "its \"sprt\" record names no test: %s", err);
		return;
	}
	if (kind && strcmp(kind, "luck-adjusted")) {
		problems_add(problems, p->path, "its \"sprt\" record's \"scores\" "
			     "must be \"luck-adjusted\", or absent");
		return;
	}
	json_get_int(p->verdict, "pairs", 0, p->pairs, &said_pairs);
	if (!said || said_pairs < 0) {
		problems_add(problems, p->path, "no \"verdict\" record with the verdict "
			     "(H0, H1 or none) and the pairs it came after");
		return;
	}
	if (kind) {   /* luck-adjusted scores: the pairs' logs graded */
		r.grade = grade_new(NULL, 0);
		r.dir = path_parent(p->path);
	}
	if (recount(&r, p, problems, said_pairs) &&
	    (strcmp(said, sprt_verdict_name(r.verdict)) || said_pairs != r.plain.pairs))
		problems_add(problems, p->path, "its verdict is %s after %ld pairs; its "
			     "pairs' %slogs give %s after %ld (LLR %.3f)", said, said_pairs,
			     kind ? "graded " : "", sprt_verdict_name(r.verdict), r.plain.pairs,
			     r.llr);
	grade_free(r.grade);
	free(r.dir);
}
