#!/bin/sh
# What revision 7's seals and syncs cost (docs/FAIRNESS-LEAGUE.md, items 22 and
# 24; bench/README.md, "Seals"): bench/seal's medians in DIR (default:
# a folder under $TMPDIR or /tmp), then the wall time of a league run of
# 200 fast games of Rolit 6x6 (100 sets) in DIR, as it runs and with
# fdatasync made a no-op (an LD_PRELOAD shim): the difference is what the
# league's syncs cost.
set -eu
top=${top_builddir:-.}
dir=$(mktemp -d "${1:-${TMPDIR:-/tmp}}/seal.XXXXXX")
trap 'rm -rf "$dir"' EXIT
"$top/bench/seal" "$dir"
printf 'int fdatasync(int fd) { (void)fd; return 0; }\n' >"$dir/nosync.c"
${CC:-cc} -shared -fPIC -o "$dir/nosync.so" "$dir/nosync.c"
bot=$(cd "$top" && pwd)/bench/first_legal_bot
for mode in synced nosync; do
	pre=
	[ "$mode" = nosync ] && pre=$dir/nosync.so
	"$top/referee/referee" league init "$dir/$mode" --game rolit -o size=6 >/dev/null
	for b in a b; do
		"$top/referee/referee" league add "$dir/$mode" "$b" "$bot" >/dev/null
	done
	start=$(date +%s%N)
	LD_PRELOAD=$pre "$top/referee/referee" league run "$dir/$mode" --games 200 \
		--concurrency 1 >/dev/null 2>&1
	end=$(date +%s%N)
	echo "league_200_games_${mode}_ms $(( (end - start) / 1000000 ))"
done
