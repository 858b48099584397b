#!/usr/bin/env bash
# The independent check of win-bot's tables (tests/win_check/win_check.c, the method
# in its header): the tables that values/win-table solves, with the very
# code that solved the bot's, pass it at small targets, the check's own
# value iteration included, and docs/bots/win-bot.md shows exactly what
# it prints.  `make check-win` (WIN_CHECK_FULL=1) does the same at 3000
# and at the default target, without the value iteration there (hours),
# in about ten minutes of one core, and checks that the README quotes the
# chances of the first player that the check found.
. "$(dirname "$0")/../tools/lib.sh"

WIN_CHECK="$top_builddir/tests/win_check/win-check"
DOC="$top_srcdir/docs/bots/win-bot.md"

# checks [--solve] GAME TARGET [CAP]: the tables pass the check, and the
# page shows its report, line for line.
checks() {
	local solve= first lines
	if [ "$1" = --solve ]; then
		solve=--solve
		shift
	fi
	"$top_builddir/values/win-table" --values "$@" >"$TMP/values" 2>"$ERR"
	timeout -k 5 3600 "$WIN_CHECK" $solve "$TMP/values" >"$OUT" 2>>"$ERR"
	RC=$?
	ok "$([ "$RC" = 0 ] && [ "$(tail -n 1 "$OUT")" = ok ]; echo $?)" \
		"win-check ${solve:+$solve }$*: the tables pass" || diag_run
	first=$(grep -nFx -e "$(head -n 1 "$OUT")" "$DOC" | head -n 1 | cut -d: -f1)
	lines=$(wc -l <"$OUT")
	ok "$([ -n "$first" ] &&
		sed -n "${first},$((first + lines - 1))p" "$DOC" | cmp -s - "$OUT"; echo $?)" \
		"docs/bots/win-bot.md shows the report of win-check $*" || diag_run
}

checks --solve bolo5 1000
checks --solve bolo 1000 3000

# Bad usage: exit 2 and what to give.
expect_exit 2 "$top_builddir/values/win-table" --values yahtzee 1000
expect_contains "$ERR" "win-table: GAME is bolo or bolo5, TARGET and CAP positive multiples of 50"
expect_exit 2 "$top_builddir/values/win-table" --values bolo5 1025
expect_exit 2 "$top_builddir/values/win-table" --depth 3
expect_contains "$ERR" "usage: win-table"
printf 'game bolo5 target 1000 cap 30000\nplay 0 0 x\n' >"$TMP/bad"
expect_exit 2 "$WIN_CHECK" "$TMP/bad"
expect_contains "$ERR" "win-check: cannot read the line of \"play\""
expect_exit 2 "$WIN_CHECK" "$TMP/missing"
expect_contains "$ERR" "win-check: cannot read $TMP/missing"
expect_exit 2 "$WIN_CHECK" --solve
expect_contains "$ERR" "usage: win-check [--solve] VALUES"

if [ -n "${WIN_CHECK_FULL:-}" ]; then
	for game in bolo5 bolo; do
		for target in 3000 10000; do
			checks "$game" "$target"
			chance=$(sed -n 's/^first player.s chance under best play on both sides: //p' "$OUT")
			expect_contains "$top_srcdir/README.md" "$game to $target: $chance" \
				"README.md quotes the first player's chance in $game to $target"
		done
	done
fi

done_testing
