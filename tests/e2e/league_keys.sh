#!/usr/bin/env bash
# One key a folder (docs/FAIRNESS-LEAGUE.md, item 23): every signature of a
# league's folder, its register's, its runs' run.jsonl's and its logs', is
# made with the league's one key, held to the key `verify --key` trusts
# when given; a register line signed with another key (a retire of the
# leader by whoever holds any key) is refused by `league rebuild`, named
# by `verify` with or without --key, and the ladder and the status are not
# shown; a run re-signed with another key fails against the register's;
# and a play folder whose log another key signed fails against its
# run.jsonl's.
. "$(dirname "$0")/../tools/lib.sh"

L=$TMP/league
copy() { rm -rf "${TMP:?}/$1"; cp -a "$L" "$TMP/$1"; echo "$TMP/$1"; }
league_of_two "$L"
# resign DIR KEY RUN_KEY: DIR's game 1 signed again with KEY, its SHA-256
# mended in DIR/run.jsonl, which RUN_KEY signs again.
resign() {
	local old new line
	$LOGTOOL resign "$1/game-000001.jsonl" "$1/game-000001.jsonl" "$2"
	old=$(grep -o '"game":1,"log":"game-000001.jsonl","sha256":"[0-9a-f]*"' "$1/run.jsonl" | grep -o '[0-9a-f]\{64\}')
	new=$(sha256sum <"$1/game-000001.jsonl" | cut -c1-64)
	line=$(($(grep -n "$old" "$1/run.jsonl" | cut -d: -f1) - 1))
	$LOGTOOL resign "$1/run.jsonl" "$1/run.jsonl" "$3" sub "$line" "$old" "$new"
}
expect_exit 0 "$REFEREE" league run "$L" --games 4 --concurrency 1
key=$(cat "$KEYDIR/referee.pub")
expect_exit 0 "$REFEREE" verify --key "$KEYDIR/referee.pub" "$L"
expect_contains "$OUT" "its register: 6 lines, chained, each change signed (key $key)" \
	"the league as made: verify --key passes, one key"

# A retire of a signed with another key (made for the attacker on first
# use, as anyone's): the register's line 8 is not the league's key's.
T=$(copy retired)
XDG_DATA_HOME=$TMP/other expect_exit 0 "$REFEREE" league retire "$T" a
other=$(cat "$TMP/other/arena/referee.pub")
expect_eq "$(tail -1 "$T/register.jsonl" | grep -o "\"key\":\"$other\"")" "\"key\":\"$other\"" \
	"the attacker's retire is signed with another key"
why="line 8: signed by key $other, not the league's key $key, which signed its lines before: a change made with another key"
sum=$(cksum <"$T/league.db")
expect_exit 2 "$REFEREE" league rebuild "$T"
expect_eq "$(head -1 "$ERR")" "referee league: $T/register.jsonl: $why: league rebuild takes no register whose chain or signatures are broken (see 'referee verify $T'); league.db is left as it was" \
	"league rebuild refuses the register line of another key"
expect_eq "$(cksum <"$T/league.db")" "$sum" "... and leaves league.db as it was"
expect_exit 1 "$REFEREE" verify --key "$KEYDIR/referee.pub" "$T"
expect_eq "$(head -1 "$OUT")" "$T/register.jsonl: FAILED: $why" "verify --key names it"
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(head -1 "$OUT")" "$T/register.jsonl: FAILED: $why" "... and verify without --key"
expect_exit 2 "$REFEREE" league ladder "$T"
expect_eq "$(cat "$ERR")" "referee league: $T/register.jsonl: $why" "the ladder is not shown"
expect_exit 2 "$REFEREE" league status "$T"
expect_eq "$(head -1 "$ERR")" "referee league: $T/register.jsonl: $why" "nor the status"

# verify --key of another key than the league's: the register fails too.
expect_exit 1 "$REFEREE" verify --key "$TMP/other/arena/referee.pub" "$L"
expect_contains "$OUT" "$L/register.jsonl: FAILED: signed by key $key, not --key's key $other: a folder's every signature is made with one key, so one of the two is not its signer's" \
	"verify --key of another key: the register is held to it"

# A league run with another key than the league's: refused before it
# plays, rather than signing a run that verify would refuse.
T=$(copy other-run)
expect_exit 2 "$REFEREE" league run "$T" --games 2 --key "$TMP/other/arena/referee.key"
expect_eq "$(head -1 "$ERR")" "referee league: the key given signs as $other, not as the league's key $key, which signs its register: a league's folder is signed with one key, so run it with that key's --key FILE" \
	"league run with another key: refused, saying whose the league's is"
expect_eq "$(ls "$T/runs")" "$(ls "$L/runs")" "... and no run begun"

# Run 1 re-signed with another key, its log 1 too (its SHA-256 mended):
# without --key, the run's key is not the register's.
T=$(copy resigned)
R=$T/runs/000001
resign "$R" "$TMP/other/arena/referee.key" "$TMP/other/arena/referee.key"
expect_exit 1 "$REFEREE" verify "$T"
expect_contains "$OUT" "$R/run.jsonl: FAILED: signed by key $other, not the league's register's key $key: a folder's every signature is made with one key, so one of the two is not its signer's" \
	"a run and its log re-signed with another key: verify without --key names the run's key"
why="$R/run.jsonl: signed by key $other, not the league's register's key $key: a league's every signature is made with its one key"
expect_exit 2 "$REFEREE" league ladder "$T"
expect_eq "$(cat "$ERR")" "referee league: $why" "the ladder is not shown"
expect_exit 2 "$REFEREE" league status "$T"
expect_eq "$(cat "$ERR")" "referee league: $why" "nor the status"

# A play folder whose log another key signed, its run.jsonl mended and
# signed with the user's key: the log's key is not its run's.
expect_exit 0 "$REFEREE" play rolit -o size=6 --games 2 --out "$TMP/play" a="$TMP/a/bot $TMP" b="$TMP/b/bot $TMP"
P=$TMP/play
resign "$P" "$TMP/other/arena/referee.key" "$KEYDIR/referee.key"
expect_exit 1 "$REFEREE" verify "$P"
expect_eq "$(grep FAILED "$OUT")" "$P/game-000001.jsonl: FAILED: signed by key $other, not its run.jsonl's key $key: a folder's every signature is made with one key, so one of the two is not its signer's" \
	"a play folder signed by two keys: verify without --key says so"
done_testing
