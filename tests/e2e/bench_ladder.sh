#!/usr/bin/env bash
# End-to-end: `make bench-ladder` (bench/ladder.sh) in a short mode, so
# that a bench nothing else runs cannot break unseen: its generator
# (bench/ladder_gen) scales a real tournament to 500 games that `referee
# ladder` reads (it once wrote started records without the commitments
# the ladder requires, and the bench failed), and verify reads 20 real
# logs with 1 and 2 jobs.  The figures themselves are the bench's.
. "$(dirname "$0")/../tools/lib.sh"

[ -x /usr/bin/time ] || { ok 0 "the ladder bench # SKIP it needs /usr/bin/time (Debian package 'time')"; done_testing; }
run env BENCH_LADDER_SIZES=500 BENCH_VERIFY_LOGS=20 TMPDIR="$TMP" \
	top_builddir="$top_builddir" sh "$top_srcdir/bench/ladder.sh"
expect_eq "$RC" 0 "bench/ladder.sh runs to its end" || diag_run
grep -qE '^ +500 +[0-9.]+ +[0-9]+ +- +-$' "$OUT"
ok $? "the ladder of the 500 generated games is timed" || diag_run
# (20 logs may take less CPU than time(1) counts: logs/CPU s is "-".)
expect_eq "$(grep -cE '^ +[12] +[0-9.]+ +[0-9.]+ +[0-9]+ +([0-9]+|-)$' "$OUT")" 2 \
	"verify of the real logs is timed with 1 and 2 jobs" || diag_run
done_testing
