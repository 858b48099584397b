/*
 * An sprt folder's verdict recomputed; see sprt_check.h.
 */
#include "sprt_check.h"

#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "sprt.h"

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

static const char *verdict_name(enum sprt_verdict v)
{
	return v == SPRT_H1 ? "H1" : v == SPRT_H0 ? "H0" : "none";
}

void sprt_check_pairs(const struct verify_run_pairs *p, struct problems *problems)
{
	struct sprt test;
	struct sprt_tally tally = {0};
	const char *said = cJSON_GetStringValue(json_member(p->verdict, "verdict"));
	long said_pairs = -1;
	char err[ERR_LEN];

	if (read_test(p->test, &test, err)) {
		problems_add(problems, p->path, "its \"sprt\" record names no test: %s", err);
		return;
	}
	json_get_int(p->verdict, "pairs", 0, p->pairs, &said_pairs);
	if (!said || said_pairs < 0) {
		problems_add(problems, p->path, "no \"verdict\" record with the verdict "
			     "(H0, H1 or none) and the pairs it came after");
		return;
	}
	for (long k = 0; k < p->pairs && tally.verdict == SPRT_CONTINUE; k++) {
		double score[2] = {p->points[k][0] / 2.0, p->points[k][1] / 2.0};

		if (p->dropped[k] && k < said_pairs) {
			problems_add(problems, p->path, "pair %ld (games %ld and %ld) is "
				     "listed dropped, before the verdict's pair %ld: only "
				     "pairs after the verdict are dropped", k + 1,
				     2 * k + 1, 2 * k + 2, said_pairs);
			return;
		}
		if (p->points[k][0] < 0 || p->points[k][1] < 0)
			return;  /* its log is a problem of its own already */
		sprt_tally_add(&tally, &test, k + 1, score);
	}
	if (strcmp(said, verdict_name(tally.verdict)) || said_pairs != tally.pairs)
		problems_add(problems, p->path, "its verdict is %s after %ld pairs; its "
			     "pairs' logs give %s after %ld (LLR %.3f)", said, said_pairs,
			     verdict_name(tally.verdict), tally.pairs, tally.llr);
}
