#!/usr/bin/env bash
# End-to-end: `referee replay` in every format on logs whose header lacks
# a member it shows ("options", "rules", "players"), re-signed with the
# referee's key (tests/tools/logtool.py) so that the header is what fails
# verification.  Each format says why the log does not verify and exits
# 1 (the text shows the header with "?" for what is missing); none
# crashes, as the text replay once did on a header without "options".
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

LOG=$TMP/bolo.jsonl
KEY="$KEYDIR/referee.key"   # the default key: it signs every log here
expect_exit 0 "$REFEREE" play bolo -o target=2000 -o first=seat0 --seed 0e --log "$LOG" \
	"$(cbot)" "$(cbot b)"

# replays NAME WHY HEADER: every format of replay on $TMP/NAME.jsonl exits
# 1 saying "does not verify: WHY"; the text's first line is HEADER.
replays() {
	local log=$TMP/$1.jsonl why=$2 header=$3 stopped format
	stopped="replay stopped: $log: $why"
	for format in "" "--move 0" "--format html -o $TMP/$1.html" \
		"--format message --move 1 --seat 0"; do
		# shellcheck disable=SC2086 # format is a list of arguments
		run "$REFEREE" replay "$log" $format
		ok "$([ "$RC" -eq 1 ] &&
			[ "$(cat "$ERR")" = "referee replay: $log does not verify: $why" ]; echo $?)" \
			"$1, replay ${format:---format text}: exit 1, \"does not verify: $why\"" || diag_run
	done
	run "$REFEREE" replay "$log"
	expect_eq "$(head -n 1 "$OUT") / $(tail -n 1 "$OUT")" "$header / $stopped" \
		"$1: the text replay's header line, and why it stopped"
}

$LOGTOOL resign "$LOG" "$TMP/no-options.jsonl" "$KEY" sub 0 '"options":\{[^}]*\},' ''
replays no-options 'line 1: "options" must list every option of the game' \
	'Bolo (7 dice), rules bolo/2, options ?'

$LOGTOOL resign "$LOG" "$TMP/no-rules.jsonl" "$KEY" sub 0 '"rules":"[^"]*",' ''
replays no-rules 'line 1: the header names no rules version (this referee verifies bolo rules version 2, "bolo/2")' \
	'Bolo (7 dice), rules ?, options {"target":2000,"first":"seat0"}'

done_testing
