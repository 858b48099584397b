/*
 * What a running tournament keeps (tournament.c), shared with the module
 * that opens its manifest and takes an earlier run's back when it is
 * resumed (tournament_resume.c), the helpers both write the manifest
 * with, and that module's one function; no other module sees it.
 */
#ifndef ARENA_TOURNAMENT_STATE_H
#define ARENA_TOURNAMENT_STATE_H

#include <cjson/cJSON.h>
#include <signal.h>
#include <stdbool.h>

#include "base/game_figures.h"
#include "games/fair.h"
#include "manifest/manifest_ledger.h"
#include "plan/tournament_spec.h"
#include "schedule_source.h"

struct manifest_view;
struct tournament_run;

struct tournament_state {
	const struct tournament_spec *spec;
	struct schedule *schedule;    /* a Swiss's grows seated rounds */
	struct schedule_source source;   /* which table a worker plays next */
	const struct tournament_run *run;
	struct manifest_ledger ledger; /* the manifest, its id the run's */
	bool *finished;         /* by game number: source.finished */
	int looked;             /* a sharded Swiss's peers were looked at
				 * after the last wait */
	int *aborted;
	long *no_start_game;    /* by bot: the last game it did not start for */
	struct forfeit_reasons reasons; /* forfeit reasons met in this run */
	long *unreplied;        /* an earlier run's games after its last
				 * "replies" record */
	size_t unreplied_count;
	/* While an earlier run's leftover logs are settled: its manifest,
	 * and by game its last started record's deal
	 * (verify_cut_last_started()). */
	const struct manifest_view *earlier;
	long *last_started;
	char *err;
};

/* Appends record `r` (taken) to the manifest: 0, or -1 with st->err. */
int tournament_record(struct tournament_state *st, cJSON *r);
/* A finished game's entry in a finished record, with its forfeits
 * (`figures`). */
cJSON *tournament_finished_entry(const struct tournament_state *st, long game,
				 const char *sha256, const int *ranks,
				 const struct game_figures *figures, bool recovered);

/* The run's manifest, new or reopened (tournament_resume.c): 0, 1 when
 * it is signed already (nothing is left to play), or -1 with st->err. */
int tournament_open_manifest(struct tournament_state *st);

#endif
