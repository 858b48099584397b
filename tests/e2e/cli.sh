#!/bin/bash
# End-to-end: the referee's command line refuses bad usage with exit status
# 2 and a message that says what was wrong; --help works on every verb.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C=$(cbot)

# usage_error DESCRIPTION PHRASE ARGS...: `referee ARGS` exits 2 and says
# PHRASE (fixed text) on stderr, nothing on stdout, and starts no bot.
usage_error() {
	local desc=$1 phrase=$2
	shift 2
	expect_exit 2 "$REFEREE" "$@"
	expect_contains "$ERR" "$phrase" "$desc: says \"$phrase\""
}

# --- the verb ------------------------------------------------------------------
usage_error "no verb" "usage: referee VERB [options] ..."
usage_error "unknown verb" "referee: unknown verb 'nope'" nope
expect_contains "$ERR" "  verify    check game logs" "unknown verb: lists the verbs"
expect_exit 0 "$REFEREE" --help
expect_contains "$OUT" "usage: referee VERB" "--help prints usage on stdout"
expect_exit 0 "$REFEREE" --version
expect_contains "$OUT" "referee 0." "--version prints the version"

# --- --help on every verb --------------------------------------------------------
for verb in play games verify replay keygen; do
	expect_exit 0 "$REFEREE" "$verb" --help
	expect_contains "$OUT" "usage: referee $verb" "$verb --help prints usage: on stdout"
done
expect_exit 0 "$REFEREE" play rolit -h
expect_contains "$OUT" "usage: referee play" "play -h after other words prints usage"

# --- play: game and options ----------------------------------------------------------
usage_error "play without a game" "referee play: which game? (see 'referee games')" play
usage_error "unknown game" "referee play: unknown game 'chess' (see 'referee games')" play chess "$C" "$C"
expect_contains "$ERR" "(see 'referee play --help')" "a usage error points to --help"
usage_error "unknown option -o nope=1" "unknown option 'nope' for rolit (its options: size, first)" \
	play rolit -o nope=1 "$C" "$C"
usage_error "-o size=5" "referee play: size must be 8, 6 or 4" play rolit -o size=5 "$C" "$C"
usage_error "-o size=x" "option 'size' must be an integer 4..8, not 'x'" play rolit -o size=x "$C" "$C"
usage_error "-o size=9" "option 'size' must be an integer 4..8, not '9'" play rolit -o size=9 "$C" "$C"
usage_error "-o first=x" "option 'first' must be one of random | seat0, not 'x'" play rolit -o first=x "$C" "$C"
usage_error "-o size without a value" "option 'size' must look like KEY=VALUE" play rolit -o size "$C" "$C"
usage_error "an option given twice" "option 'size' is given twice" play rolit -o size=6 -o size=8 "$C" "$C"
usage_error "size=4 with 3 bots" "size 4 is for 2 players only: use size 6 or 8 with 3 players" \
	play rolit -o size=4 "$C" "$C" "$C"

# --- play: bots ---------------------------------------------------------------------
usage_error "no bots" "referee play: no bots given" play rolit
usage_error "1 bot" "rolit is played by 2 to 4 players, not 1" play rolit "$C"
usage_error "5 bots" "rolit is played by 2 to 4 players, not 5" play rolit "$C" "$C" "$C" "$C" "$C"
# These errors come after the check for the bots' control groups, which a
# normal user of a cgroup v1 machine cannot have: --no-limits passes it.
usage_error "an empty bot command" "referee play: bot 1 has an empty command" play rolit --no-limits "" "$C"
usage_error "an empty bot command after a name" "referee play: bot 2 has an empty command" play rolit --no-limits "$C" "x="
usage_error "a blank bot command" "referee play: the bot command is empty" play rolit --no-limits "$C" "   "
usage_error "an unterminated quote" "unterminated single quote in the bot command" play rolit --no-limits "$C" "$CBOT 'x"
usage_error "a bot that is not found" "referee play: program 'no-such-bot-$$' not found in PATH" \
	play rolit --no-limits "$C" "no-such-bot-$$ '$TMP'"

# --- play: numbers and flags ----------------------------------------------------------
usage_error "--games 0" "--games takes a whole number from 1 to 100000000, not '0'" play rolit --games 0 "$C" "$C"
usage_error "--games x" "--games takes a whole number from 1 to 100000000, not 'x'" play rolit --games x "$C" "$C"
usage_error "--games +5" "--games takes a whole number from 1 to 100000000, not '+5'" play rolit --games +5 "$C" "$C"
usage_error "--games ' 5'" "--games takes a whole number from 1 to 100000000, not ' 5'" play rolit --games " 5" "$C" "$C"
usage_error "--move-ms 0" "--move-ms takes a whole number from 1 to 86400000, not '0'" play rolit --move-ms 0 "$C" "$C"
usage_error "--max-line 10" "--max-line takes a whole number from 64 to" play rolit --max-line 10 "$C" "$C"
usage_error "--seed xyz" "--seed takes an even number of lowercase hex digits, 2 to 128 (1 to 64 bytes), not 'xyz'" play rolit --seed xyz "$C" "$C"
usage_error "--seed ABCD" "--seed takes an even number of lowercase hex digits, 2 to 128 (1 to 64 bytes), not 'ABCD'" play rolit --seed ABCD "$C" "$C"
usage_error "--seed c1a55" "--seed takes an even number of lowercase hex digits, 2 to 128 (1 to 64 bytes), not 'c1a55'" play rolit --seed c1a55 "$C" "$C"
usage_error "unknown long option" "referee play: unknown option '--nope'" play rolit --nope "$C" "$C"
usage_error "--log with --games 2" "--log FILE holds one game; use --out DIR for 2 games" \
	play rolit --log "$TMP/x.jsonl" --games 2 "$C" "$C"
usage_error "--log with --out" "give --log FILE or --out DIR, not both" \
	play rolit --log "$TMP/x.jsonl" --out "$TMP/o" "$C" "$C"
: >"$TMP/plain-file"
usage_error "--out that cannot be made" "cannot create folder '$TMP/plain-file/such': Not a directory" \
	play rolit --no-limits --out "$TMP/plain-file/such/out" "$C" "$C"
usage_error "--key of a missing file" "cannot read key file '$TMP/none.key': No such file or directory" \
	play rolit --no-limits --key "$TMP/none.key" "$C" "$C"
printf 'not hex\n' >"$TMP/bad.key"
chmod 600 "$TMP/bad.key"
usage_error "--key of a bad file" "key file '$TMP/bad.key' must hold 64 lowercase hex digits on its first line" \
	play rolit --no-limits --key "$TMP/bad.key" "$C" "$C"
expect_not_contains "$OUT" "game 1" "no game is played after a usage error"
assert_no_leftovers "no bot left after the usage errors"

# --- the options of verify, replay, report and ladder ------------------------------------
# refuses VERB MESSAGE ARGS...: `referee VERB ARGS` exits 2, prints nothing
# on stdout, and on stderr exactly "referee VERB: MESSAGE" and where to look.
refuses() {
	local verb=$1 message=$2 args
	shift 2
	args="$verb${*:+ $*}"
	args=${args//$TMP\//}
	run "$REFEREE" "$verb" "$@"
	expect_eq "$RC|$(cat "$OUT")|$(cat "$ERR")" "2||referee $verb: $message
(see 'referee $verb --help')" "${args:0:60}: exit 2, \"${message//$TMP\//}\""
}

refuses verify "no log given"
refuses verify "unknown option '--nope'" --nope x
refuses verify "unknown option '-x'" -x x
refuses verify "unknown option '-xy'" x -xy
refuses verify "unknown option '--verify=1'" --verify=1 x
refuses verify "--key needs a value" x --key
refuses verify "-j needs a value" x -j
refuses verify "--jobs needs a value" x --jobs
refuses verify "-j takes a whole number from 1 to 1024, not '0'" -j 0 x
refuses verify "--jobs takes a whole number from 1 to 1024, not 'abc'" x --jobs abc
refuses verify "-j takes a whole number from 1 to 1024, not '2000'" x -j 2000
refuses verify "cannot read key file '$TMP/none.key': No such file or directory" x --key "$TMP/none.key"

refuses replay "no log given"
refuses replay "takes one log" a b
refuses replay "unknown option '--nope'" --nope a
refuses replay "unknown option '-format'" -format text a
for flag in --format -o --move --seat --key; do
	refuses replay "$flag needs a value" a "$flag"
done
refuses replay "--move takes a whole number from 0 to 1000000000, not 'x'" a --move x
refuses replay "--seat takes a whole number from 0 to 1000000000, not '-1'" --seat -1 a
refuses replay "--move takes a whole number from 0 to 1000000000, not '1000000001'" a --move 1000000001
refuses replay "--format takes text, html or message" --format pdf a
refuses replay "--format message needs --move N (1 or more) and --seat S: the message seat S was sent to decide move N" \
	a --format message --move 0 --seat 0
refuses replay "--seat goes with --format message" a --seat 1
refuses replay "--move does not go with --format html: open the page at FILE#move=N instead" \
	a --format html --move 2
refuses replay "cannot read key file '$TMP/none.key': No such file or directory" a --key "$TMP/none.key"

refuses report "no tournament folder given"
refuses report "takes one tournament folder" a b
refuses report "unknown option '--nope'" --nope a
refuses report "unknown option '-x'" a -x
refuses report "-o needs a value" a -o
refuses report "--key needs a value" a --key
refuses report "cannot read key file '$TMP/none.key': No such file or directory" a --key "$TMP/none.key"

refuses ladder "no path given"
refuses ladder "unknown option '--nope'" --nope .
refuses ladder "unknown option '-verify'" . -verify
refuses ladder "unknown option '--verify=1'" --verify=1 .
refuses ladder "--format needs a value" . --format
refuses ladder "--format takes table, csv, json, pgn, crosstable or folders" . --format xml
refuses ladder "--anchor needs a value" . --anchor
refuses ladder "--key needs a value" . --key
refuses ladder "cannot read key file '$TMP/none.key': No such file or directory" . --key "$TMP/none.key"
refuses ladder "cannot read '$TMP/none': No such file or directory" "$TMP/none"

# grade's --own-play was deleted: it is refused as any unknown option.
refuses grade "unknown option '--own-play'" --own-play x
refuses grade "unknown option '--own-play'" x --own-play

# Every verb reads its options as getopt_long does: a value after '=' or
# next to a short option, a long option shortened, "--" before operands.
refuses verify "cannot read key file '$TMP/none.key': No such file or directory" -j2 --key="$TMP/none.key" x
refuses replay "--move does not go with --format html: open the page at FILE#move=N instead" \
	--form=html --mov 2 a
refuses report "cannot read key file '$TMP/none.key': No such file or directory" -o"$TMP/o" --ke "$TMP/none.key" a
refuses ladder "cannot read '-x': No such file or directory" --format=csv --verif -- -x
usage_error "verify -- -x" "-x: cannot open '-x': No such file or directory" verify -- -x

# ... and says a mistake in its options as every other verb does.
refuses play "--games needs a value" rolit "$C" "$C" --games
refuses play "unknown option '-xy'" rolit -xy "$C" "$C"
refuses sprt "--elo0 needs a value" rolit --elo0
refuses check-bot "--games needs a value" rolit "$C" --games
refuses tournament "--out needs a value" x --out
refuses tournament "unknown option '-q'" -q x
too_many=()
for i in $(seq 65); do too_many+=(-o "size=$i"); done
refuses check-bot "too many -o options" "${too_many[@]}" rolit "$C"

# --- verify, replay, games, keygen -----------------------------------------------------
usage_error "verify of a missing log" "$TMP/missing.jsonl: cannot open '$TMP/missing.jsonl': No such file or directory" \
	verify "$TMP/missing.jsonl"
usage_error "replay of a missing log" "referee replay: cannot open '$TMP/missing.jsonl': No such file or directory" \
	replay "$TMP/missing.jsonl"
usage_error "games of an unknown game" "referee games: unknown game 'chess'" games chess
expect_exit 0 "$REFEREE" games
expect_contains "$OUT" "rolit" "games lists rolit"
expect_exit 0 "$REFEREE" games rolit
expect_contains "$OUT" "default 8" "games rolit shows the size default"
usage_error "keygen without a folder" "referee keygen: takes one folder" keygen
expect_exit 0 "$REFEREE" keygen "$TMP/keys"
expect_contains "$OUT" "written to $TMP/keys/referee.key and $TMP/keys/referee.pub" "keygen says where the keys are"
expect_exit 0 "$REFEREE" keygen "$TMP/slashed/"
expect_contains "$OUT" "written to $TMP/slashed/referee.key and $TMP/slashed/referee.pub" \
	"keygen DIR/ says the keys' paths without a double slash"
expect_eq "$(stat -c %a "$TMP/keys/referee.key")" 600 "keygen: the secret key has mode 600"
cp "$TMP/keys/referee.key" "$TMP/key.before"
usage_error "keygen into a folder with a key" \
	"cannot create '$TMP/keys/referee.key': File exists (refusing to overwrite a key)" keygen "$TMP/keys"
cmp -s "$TMP/keys/referee.key" "$TMP/key.before"
ok $? "keygen refusing leaves the key as it was"

done_testing
