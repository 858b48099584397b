#!/bin/bash
# End-to-end: the referee's command line refuses bad usage with exit status
# 2 and a message that says what was wrong; --help works on every verb.
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/tests/lib.sh"

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
usage_error "an empty bot command" "referee play: bot 1 has an empty command" play rolit "" "$C"
usage_error "an empty bot command after a name" "referee play: bot 2 has an empty command" play rolit "$C" "x="
usage_error "a blank bot command" "referee play: the bot command is empty" play rolit "$C" "   "
usage_error "an unterminated quote" "unterminated single quote in the bot command" play rolit "$C" "$CBOT 'x"
usage_error "a bot that is not found" "referee play: program 'no-such-bot-$$' not found in PATH" \
	play rolit "$C" "no-such-bot-$$ '$TMP'"

# --- play: numbers and flags ----------------------------------------------------------
usage_error "--games 0" "--games takes a whole number from 1 to 100000000, not '0'" play rolit --games 0 "$C" "$C"
usage_error "--games x" "--games takes a whole number from 1 to 100000000, not 'x'" play rolit --games x "$C" "$C"
usage_error "--move-ms 0" "--move-ms takes a whole number from 1 to 86400000, not '0'" play rolit --move-ms 0 "$C" "$C"
usage_error "--max-line 10" "--max-line takes a whole number from 64 to" play rolit --max-line 10 "$C" "$C"
usage_error "--seed xyz" "--seed takes 1 to 64 bytes as lowercase hex, not 'xyz'" play rolit --seed xyz "$C" "$C"
usage_error "--seed ABCD" "--seed takes 1 to 64 bytes as lowercase hex, not 'ABCD'" play rolit --seed ABCD "$C" "$C"
usage_error "unknown long option" "referee play: unknown option '--nope'" play rolit --nope "$C" "$C"
usage_error "--log with --games 2" "--log FILE holds one game; use --out DIR for 2 games" \
	play rolit --log "$TMP/x.jsonl" --games 2 "$C" "$C"
usage_error "--log with --out" "give --log FILE or --out DIR, not both" \
	play rolit --log "$TMP/x.jsonl" --out "$TMP/o" "$C" "$C"
usage_error "--out that cannot be made" "cannot create folder '$TMP/no/such': No such file or directory" \
	play rolit --out "$TMP/no/such" "$C" "$C"
usage_error "--key of a missing file" "cannot read key file '$TMP/none.key': No such file or directory" \
	play rolit --key "$TMP/none.key" "$C" "$C"
printf 'not hex\n' >"$TMP/bad.key"
chmod 600 "$TMP/bad.key"
usage_error "--key of a bad file" "key file '$TMP/bad.key' must hold 64 lowercase hex digits on its first line" \
	play rolit --key "$TMP/bad.key" "$C" "$C"
expect_not_contains "$OUT" "game 1" "no game is played after a usage error"
assert_no_leftovers "no bot left after the usage errors"

# --- verify, replay, games, keygen -----------------------------------------------------
usage_error "verify without a log" "referee verify: no log given" verify
usage_error "verify --key without a file" "referee verify: --key needs a file" verify x --key
usage_error "verify, unknown option" "referee verify: unknown option '--nope'" verify --nope x
usage_error "verify of a missing log" "$TMP/missing.jsonl: cannot open '$TMP/missing.jsonl': No such file or directory" \
	verify "$TMP/missing.jsonl"
usage_error "replay without a log" "referee replay: no log given" replay
usage_error "replay of a missing log" "referee replay: cannot open '$TMP/missing.jsonl': No such file or directory" \
	replay "$TMP/missing.jsonl"
usage_error "replay of two logs" "referee replay: takes one log" replay a b
usage_error "replay --format pdf" "referee replay: --format takes text, html or message" replay --format pdf a
usage_error "games of an unknown game" "referee games: unknown game 'chess'" games chess
expect_exit 0 "$REFEREE" games
expect_contains "$OUT" "rolit" "games lists rolit"
expect_exit 0 "$REFEREE" games rolit
expect_contains "$OUT" "default 8" "games rolit shows the size default"
usage_error "keygen without a folder" "referee keygen: takes one folder" keygen
expect_exit 0 "$REFEREE" keygen "$TMP/keys"
expect_contains "$OUT" "written to $TMP/keys/referee.key and $TMP/keys/referee.pub" "keygen says where the keys are"
expect_eq "$(stat -c %a "$TMP/keys/referee.key")" 600 "keygen: the secret key has mode 600"
cp "$TMP/keys/referee.key" "$TMP/key.before"
usage_error "keygen into a folder with a key" \
	"cannot create '$TMP/keys/referee.key': File exists (refusing to overwrite a key)" keygen "$TMP/keys"
cmp -s "$TMP/keys/referee.key" "$TMP/key.before"
ok $? "keygen refusing leaves the key as it was"

done_testing
