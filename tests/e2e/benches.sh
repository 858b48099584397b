#!/usr/bin/env bash
# Every bench target in a short mode (make bench, bench-env, bench-rolit,
# bench-report, bench-duplicate, bench-web-soak; bench-ladder is
# bench_ladder.sh), so that a bench that nothing else runs cannot break
# unseen: each runs to its end and prints its figures' lines.  The
# figures themselves are the benches'; none is judged here.
. "$(dirname "$0")/../tools/lib.sh"

# bench NAME PATTERN [VAR=VALUE...] -- CMD...: CMD runs to its end (exit 0)
# with the variables set, and prints a line matching the extended regular
# expression PATTERN.
bench() {
	local name=$1 pattern=$2
	shift 2
	before_dashes "$@"
	shift "$BEFORE_SHIFT"
	# Short modes, but several runs each (the pipe, seven kinds of run,
	# starts, strace): a loaded machine may take minutes, not one.
	RUN_LIMIT=300 run env "${BEFORE[@]}" TMPDIR="$TMP/tmp" top_builddir="$top_builddir" \
		top_srcdir="$top_srcdir" PYTHON3="$PYTHON3" "$@"
	expect_eq "$RC" 0 "$name runs to its end" || diag_run
	grep -qE "$pattern" "$OUT"
	ok $? "... and prints its figures" || diag_run
}

B=$top_srcdir/bench
# As root, the benches run bots, referees and servers as nobody in
# folders of their own under TMPDIR: a TMPDIR like /tmp (everyone's,
# sticky), which nobody can reach.
chmod 0755 "$TMP"
mkdir -m 1777 "$TMP/tmp"
bench "bench/run.sh" '^[0-9.]+ system calls a decision|^2 players, both \(default\) +[0-9]+' \
	BENCH_SECONDS=0.1 BENCH_ROUNDS=1 PINGPONG_N=2000 -- sh "$B/run.sh"
bench "bench/tournament.sh" '^8 bots, concurrency 2 +[0-9]+ +[0-9]+' \
	BENCH_GAMES=40 -- sh "$B/tournament.sh"
bench "bench/grade.sh" '^bolo5: variance of the result / of the luck-adjusted score: [0-9.]+$' \
	BENCH_GRADE_GAMES=10 BENCH_GRADE_TARGETS=1000 -- sh "$B/grade.sh"
bench "bench/grade_summary.sh" '^  predicted from its games against random-bot *: errors per game' \
	BENCH_SUMMARY_GAMES=4 -- sh "$B/grade_summary.sh"
bench "bench/sprt_luck.sh" '^bolo5: duplicate sets alone need [0-9.]+ times the pairs of luck-adjusted$' \
	BENCH_SPRT_RUNS=1 BENCH_SPRT_MAX_PAIRS=4 -- sh "$B/sprt_luck.sh"
bench "bench/compress.sh" '^compressed +20 +[0-9]+' \
	BENCH_COMPRESS_GAMES=20 -- sh "$B/compress.sh"
bench "bench/league.sh" '^league over tournament: [0-9.]+ of the games/s$' \
	BENCH_LEAGUE_GAMES=30 -- sh "$B/league.sh"
bench "bench/web.sh" '^[0-9]+ requests in [0-9.]+ s: [0-9]+ a second; 0 failed$' \
	BENCH_WEB_GAMES=48 BENCH_WEB_PLAYED=24 BENCH_WEB_REQUESTS=3 BENCH_WEB_PACE=0.1 -- sh "$B/web.sh"
bench "bench/ratings_fit" '^1000000 games of 4 among 20 bots: [0-9.]+ s' \
	-- "$top_builddir/bench/ratings_fit"
bench "bench/env.py" '^goals: ' ROUNDS=1 SECONDS=0.2 -- "$PYTHON3" "$B/env.py"
bench "bench/rolit_speed" '^rolit-search, 8x8 at 40 empty squares: 40 searched 8 plies' \
	-- "$top_builddir/bench/rolit_speed"
bench "bench/rolit_values" '^search 4 plies, scale [0-9.]+: value error [0-9.]+' \
	-- "$top_builddir/bench/rolit_values" 12 20
bench "bench/black_pot_values" '^growing with the pawns in hand: scale [0-9.]+ at 20, times e every [0-9.]+ more' \
	-- "$top_builddir/bench/black_pot_values" 20
bench "bench/report.sh" '^replays: [0-9]+ pages' BENCH_REPORT_GAMES=60 -- sh "$B/report.sh"
bench "bench/duplicate.sh" 'duplicate: [0-9]+ pairs' \
	BENCH_DUPLICATE_PAIRS=6 BENCH_DUPLICATE_RUNS=1 -- sh "$B/duplicate.sh"
bench "bench/web_soak.sh" '^server survived: yes' SOAK_SECONDS=5 -- sh "$B/web_soak.sh"

done_testing
