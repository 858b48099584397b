# The league the server's benchmarks serve (bench/web.sh, web_soak.sh),
# sourced: sets referee, python3 and tmp (a folder removed on exit, with
# the server of pid $server if set), and gives league_of_six,
# league_copies and serve_user.

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
python3=${PYTHON3:-python3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench-w.XXXXXX")
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
export XDG_DATA_HOME="$tmp/data"

# league_of_six GAMES: $tmp/league, six bench/first_legal_bot bots of
# Rolit 6x6 with GAMES games played.
league_of_six() {
	"$referee" league init "$tmp/league" --game rolit -o size=6 >/dev/null
	for b in a b c d e f; do
		mkdir "$tmp/$b"
		cp "$top_builddir/bench/first_legal_bot" "$tmp/$b/bot"
		"$referee" league add "$tmp/league" "$b" "$tmp/$b/bot" >/dev/null
	done
	"$referee" league run "$tmp/league" --games "$1" --concurrency 2 >/dev/null 2>&1
}

# league_copies GAMES: $tmp/league's first run copied (its folder, the
# logs hard links) until the league holds GAMES games or more, and its
# index made again from the logs (`league rebuild`): the index of a
# league that played the same games again in each run.
league_copies() {
	have=$("$referee" league status "$tmp/league" | sed -n 's/.*games: \([0-9]*\) in.*/\1/p')
	each=$have
	run=1
	while [ "$have" -lt "$1" ]; do
		run=$((run + 1))
		cp -al "$tmp/league/runs/000001" "$tmp/league/runs/$(printf %06d "$run")"
		have=$((have + each))
	done
	[ "$run" -eq 1 ] || "$referee" league rebuild "$tmp/league" >/dev/null
}

# serve_user: as root, the league becomes nobody's and user the server's
# "--user nobody"; else user is empty.  port: a free port.
serve_user() {
	user=
	if [ "$(id -u)" -eq 0 ]; then
		chmod 0755 "$tmp"
		chown -R nobody "$tmp/league"
		user="--user nobody"
	fi
	port=$("$python3" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
}
