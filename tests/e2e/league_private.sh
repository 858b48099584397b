#!/usr/bin/env bash
# End-to-end: a league's files are its user's alone (docs/LEAGUE.md, "The
# folder"): after init (into a folder made 0755 beforehand), add and a
# run, every folder in it is 0700 and every file 0600 (but the public
# key, referee.pub, 0644 wherever the referee writes it), league.db,
# register.jsonl, runs/ and stderr/ included, so that another user of the
# machine reads no bot's stderr.  Run by the user the suite runs as (as
# root: root's league, another user trying), and by a normal user (as
# root, the way the suite runs the league as a normal user; the other user
# trying is then root's own test, which a normal user's suite cannot
# make: there the modes stand for it).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"
needs_bubblewrap

unprivileged
# Another user than both: nobody's uid's neighbour.
OTHER=(setpriv --reuid=65533 --regid=65533 --clear-groups)

# league WHO DIR: init, add two bots that say something on stderr each
# turn, and a run of 2 games, as the user the suite runs as (WHO: self)
# or the normal user (user).
league() {
	local as=() py=$PYTHON3
	[ "$1" = user ] && as=("${AS[@]}") && py=$AS_PYTHON3
	mkdir -m 0755 "$2"
	[ "$1" = user ] && chown "$AS_UID" "$2" 2>/dev/null
	run "${as[@]}" "$REFEREE" league init "$2" --game rolit -o size=6
	expect_eq "$RC" 0 "$1: init"
	for b in one two; do
		run "${as[@]}" "$REFEREE" league add "$2" "$b" "$py $ZOO/fightback.py $TMP calm"
		expect_eq "$RC" 0 "$1: add $b"
	done
	run "${as[@]}" "$REFEREE" league run "$2" --games 2
	expect_eq "$RC" 0 "$1: a run"
}

# private WHO DIR: the checks.
private() {
	expect_contains "$2/stderr/one-v1.stderr" "fightback: cpu" "$1: the bot's stderr is kept"
	expect_eq "$(find "$2" -type d ! -perm 0700 | sed "s|^$2|DIR|")" "" "$1: every folder is 0700"
	# The public key is public, 0644 as everywhere: the folder hides it.
	expect_eq "$(find "$2" -type f ! -perm 0600 | sed "s|^$2|DIR|")" "DIR/referee.pub" \
		"$1: every file is 0600 (but the public key)"
	ls "$2/league.db" "$2/register.jsonl" "$2/runs" "$2/stderr" >/dev/null
	ok $? "$1: ... the index, the register, the runs and the stderr files among them"
	if [ "$(id -u)" -eq 0 ]; then
		"${OTHER[@]}" cat "$2/stderr/one-v1.stderr" >"$TMP/other.out" 2>"$TMP/other.err"
		expect_eq "$? $(cat "$TMP/other.out")" "1 " "$1: another user reads nothing of the bot's stderr"
		expect_contains "$TMP/other.err" "Permission denied" "$1: ... refused"
	else
		ok 0 "$1: another user reads nothing of the bot's stderr # SKIP a normal user's suite has no other user: the modes above say it"
		ok 0 "$1: ... refused # SKIP as above"
	fi
}

league self "$TMP/league"
private self "$TMP/league"
if [ "$(id -u)" -eq 0 ]; then
	league user "$TMP/normal"
	private user "$TMP/normal"
fi

assert_no_leftovers
done_testing
