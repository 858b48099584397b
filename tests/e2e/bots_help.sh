#!/usr/bin/env bash
# The bundled bots and `referee random-bot` answer -h and --help with
# their usage on stdout and exit 0, instead of waiting for a game on a
# standard input that stays open (a person at a terminal).
. "$(dirname "$0")/../tools/lib.sh"

# A standard input that never ends: a FIFO this script holds open both ways.
mkfifo "$TMP/stdin"
exec 3<>"$TMP/stdin"

# helps FLAG USAGE CMD...: CMD FLAG exits 0 within 10 s with nothing on
# stderr and stdout starting with USAGE.
helps() {
	local flag=$1 usage=$2
	shift 2
	timeout -k 1 10 "$@" "$flag" >"$OUT" 2>"$ERR" <&3
	RC=$?
	expect_eq "$RC $(head -c ${#usage} "$OUT")" "0 $usage" \
		"${*##*/} $flag: exit 0, usage on stdout" || diag_run
	expect_eq "$(cat "$ERR")" "" "${*##*/} $flag: nothing on stderr"
}

for flag in --help -h; do
	helps "$flag" "usage: referee random-bot" "$REFEREE" random-bot
	helps "$flag" "usage: random-bot   (plays every game" "$BOTS/random-bot"
	helps "$flag" "usage: threshold-bot [T]" "$BOTS/threshold-bot"
	helps "$flag" "usage: expect-bot " "$BOTS/expect-bot"
	helps "$flag" "usage: win-bot " "$BOTS/win-bot"
	helps "$flag" "usage: rolit-search [--ms N]" "$BOTS/rolit-search"
	helps "$flag" "usage: rolit-mcts [--ms N]" "$BOTS/rolit-mcts"
	helps "$flag" "usage: black-pot-lookahead [--ms N]" "$BOTS/black-pot-lookahead"
	helps "$flag" "usage: black-pot-mcts [--ms N]" "$BOTS/black-pot-mcts"
	helps "$flag" "random-py: " "$PYTHON3" "$top_srcdir/bots/random_bot.py"
	helps "$flag" "threshold-py: " "$PYTHON3" "$top_srcdir/bots/threshold_bot.py"
	helps "$flag" "greedy-bp: " "$PYTHON3" "$top_srcdir/bots/greedy_black_pot.py"
done
expect_contains "$OUT" "Usage: greedy_black_pot.py" "a Python bot's help has its usage line"
helps --help "usage: random-bot" "$BOTS/random-bot" "$TMP"
expect_contains "$OUT" "A bot: the referee runs it" "a C bot's help says what a bot is"
helps --help "usage: win-bot " "$BOTS/win-bot" --table
expect_contains "$OUT" "       win-bot --table" "win-bot's help names --table"

# Their usage errors stay errors, on stderr.
run "$BOTS/win-bot" --nope
expect_eq "$RC $(head -1 "$ERR")" "2 usage: win-bot           (bolo, bolo5: the best chance to win the game)" \
	"win-bot with an unknown argument: exit 2, usage on stderr"
run "$BOTS/rolit-search" --nope
expect_eq "$RC $(cat "$ERR")" '2 rolit-search: unknown argument "--nope": usage: rolit-search [--ms N] (N: milliseconds of thought per move, 1 to 60000, default 100)' \
	"rolit-search with an unknown argument: exit 2, usage on stderr"

done_testing
