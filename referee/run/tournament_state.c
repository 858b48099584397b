/*
 * What a running tournament keeps; see tournament_state.h.
 */
#include "tournament_state.h"

#include "manifest/manifest_records.h"

int tournament_record(struct tournament_state *st, cJSON *r)
{
	return run_manifest_record(&st->ledger.run, r, st->err);
}

cJSON *tournament_finished_entry(const struct tournament_state *st, long game,
				 const char *sha256, const int *ranks,
				 const struct game_figures *figures, bool recovered)
{
	struct manifest_game g = {
		.game = game, .players = st->schedule->players,
		.seats = st->schedule->games[game - 1].seating, .sha256 = sha256,
		.ranks = ranks, .reason = figures->reason, .reasons = &st->reasons,
		.recovered = recovered,
	};

	return manifest_finished_game(&g);
}
