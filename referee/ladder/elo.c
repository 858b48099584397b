/*
 * The Elo scale's formulas; see elo.h.
 */
#include "elo.h"

double elo_expected(double diff)
{
	return 1 / (1 + exp(-ELO_C * diff));
}

double elo_diff(double score)
{
	return 400 * log10(score / (1 - score));
}

double elo_log_expected(double d)
{
	return d >= 0 ? -log1p(exp(-ELO_C * d))
		      : ELO_C * d - log1p(exp(ELO_C * d));
}
