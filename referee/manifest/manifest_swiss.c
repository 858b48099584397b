/*
 * A Swiss run's manifest checked against its pairings (swiss.h), for the
 * manifest's reader (manifest_read.h, which declares these): every
 * finished game must seat the bots that the pairing of its round, made
 * from the results the manifest lists for the rounds before, seats
 * there.  So a manifest whose pairings were changed by hand, or a run
 * that paired otherwise, fails wherever the manifest is read (verify,
 * ladder, report, --resume), with the game, the seats it lists and the
 * seats of the pairing.
 */
#include "manifest_read.h"

/* A Swiss's finished games' ranks, seat by seat, for swiss_plan(). */
static bool view_ranks(void *ctx, long game, int ranks[2])
{
	const struct manifest_view *v = ctx;

	if (v->state[game] != MANIFEST_FINISHED)
		return false;
	ranks[0] = v->ranks[2 * game];
	ranks[1] = v->ranks[2 * game + 1];
	return true;
}

void manifest_view_swiss_plan(const struct manifest_view *view, struct swiss_plan *plan)
{
	swiss_plan(&view->swiss, view_ranks, (void *)view, plan);
}

/* Finished game `game` of the pairing `pair`: a problem when the
 * manifest seats it otherwise. */
static void check_game(const struct manifest_view *v, long game, int round,
		       const int *pair, int g, struct problems *problems)
{
	const unsigned short *seats = &v->seats[2 * game];
	int want[2];

	swiss_seating(pair, g, want);
	if (seats[0] == want[0] && seats[1] == want[1])
		return;
	problems_add(problems, v->path, "game %ld seats '%s' and '%s', but the "
		     "Swiss pairing of round %d, made from the results of the "
		     "rounds before, seats '%s' and '%s': the manifest does not "
		     "follow its pairings (changed by hand, or paired otherwise)",
		     game, v->names[seats[0]], v->names[seats[1]], round + 1,
		     v->names[want[0]], v->names[want[1]]);
}

void manifest_view_swiss_check(const struct manifest_view *view, struct problems *problems)
{
	const struct swiss_field *f = &view->swiss;
	struct swiss_plan plan;

	manifest_view_swiss_plan(view, &plan);
	for (int round = 0; round < f->rounds; round++)
		for (int b = 0; b < plan.boards; b++)
			for (int g = 0; g < f->games; g++) {
				long game = swiss_game_number(f, round, b, g);

				if (view->state[game] != MANIFEST_FINISHED)
					continue;
				if (swiss_board_empty(f, b))
					problems_add(problems, view->path, "game %ld "
						     "finished on a board of Swiss "
						     "round %d that the bots left out "
						     "leave empty", game, round + 1);
				else if (round < plan.paired)
					check_game(view, game, round,
						   plan.pairs[round * plan.boards + b],
						   g, problems);
				else
					problems_add(problems, view->path, "game %ld "
						     "of Swiss round %d finished, but "
						     "round %d has games not finished, "
						     "from which its pairing is made",
						     game, round + 1, plan.paired);
			}
	swiss_plan_free(&plan);
}
