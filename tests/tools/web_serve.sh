# The helpers of the scripts that test `referee league serve` (web.sh,
# web_load.sh, web_uploads.sh, league_storage.sh; sourced after lib.sh): a
# server started on a free port and stopped, a request's status and body,
# an upload followed to its answer, a small league, and the league run as
# a normal user.

# serve PREFIX... -- ARGS...: starts `referee league serve ARGS` in the
# background (its pid in SERVER, its output in $TMP/serve.out) on a free
# port (PORT, URL) and waits until it answers.
serve() {
	local prefix=()
	while [ "$1" != -- ]; do prefix+=("$1"); shift; done
	shift
	PORT=$(free_ports 1)
	URL=http://127.0.0.1:$PORT
	QUIET=
	case " $* " in *" --no-play "*) QUIET=1 ;; esac
	"${prefix[@]}" "$REFEREE" league serve "$@" "${SERVE_USER[@]}" --listen "127.0.0.1:$PORT" \
		>"$TMP/serve.out" 2>"$TMP/serve.err" &
	SERVER=$!
	# SERVE_TRIES: tenths of a second to wait (30 s unless a case says
	# its start has more to do).
	for _ in $(seq "${SERVE_TRIES:-300}"); do
		# 503 until a server started as root has become its user
		curl -sf -o /dev/null "$URL/api/ladder" && return 0
		sleep 0.1
	done
	diag "the server did not answer:" "$(cat "$TMP/serve.out" "$TMP/serve.err")"
	return 1
}
# server_stderr: the server's stderr holds no sanitizer's report and,
# unless it played (its player's progress), nothing at all.
server_stderr() {
	if grep -qE 'Sanitizer|runtime error:|^==[0-9]+==' "$TMP/serve.err" ||
	   { [ -n "$QUIET" ] && [ -s "$TMP/serve.err" ]; }; then
		ok 1 "the server's stderr: unexpected"
		head -c 3000 "$TMP/serve.err" | sed 's/^/#   /'
	else
		ok 0 "the server's stderr: no sanitizer report${QUIET:+, nothing at all}"
	fi
}
stop() { kill "$SERVER"; wait "$SERVER"; server_stderr; }
# code PATH [CURL ARGS...]: the status of a request, its body in $TMP/body.
code() {
	local path=$1
	shift
	curl -s -o "$TMP/body" -w '%{http_code}' "$@" "$URL$path"
}
json() { "$PYTHON3" -c "import json, sys; d = json.load(open(sys.argv[1])); print($1)" "$TMP/body"; }
# send TOKEN NAME ARCHIVE: the status of an upload (POST /api/bots), its
# body in $TMP/body.
send() { code /api/bots -H "Authorization: Bearer $1" --form-string "name=$2" -F "archive=@$3"; }
# answer TOKEN [PATH]: the upload answered 202 in $TMP/body (or at
# PATH, /api/uploads/ID) followed for 120 s at most until it is accepted
# or refused: that state, the status in $TMP/body.
answer() {
	local status=${2:-$(json 'd["status"]')} state
	for _ in $(seq 1200); do
		code "$status" -H "Authorization: Bearer $1" >/dev/null
		state=$(json 'd["state"]')
		case $state in accepted|refused) echo "$state"; return ;; esac
		sleep 0.1
	done
	echo "$state"
}
# slow_reads N: of N GET /api/status one after the other, how many took
# 100 ms or more (each said).
slow_reads() {
	local slow=0 t
	for _ in $(seq "$1"); do
		t=$(curl -s -o /dev/null -w '%{time_total}' "$URL/api/status")
		"$PYTHON3" -c 'import sys; sys.exit(float(sys.argv[1]) >= 0.1)' "$t" ||
			{ slow=$((slow + 1)); diag "GET /api/status took $t s"; }
	done
	echo "$slow"
}
# post TOKEN NAME ARCHIVE: an upload's status, and when it was 202 what
# it came to: "202 accepted" or "202 refused", the last body in $TMP/body.
post() {
	local status
	status=$(send "$@")
	if [ "$status" = 202 ]; then
		echo "202 $(answer "$1")"
	else
		echo "$status"
	fi
}

# bot_into DIR: the test's bot as DIR/bot, the C random bot.  As root,
# nobody runs the bots here, with the fallback's memory limit, which a
# sanitizer build's C bot fails at once (it maps terabytes of shadow
# memory): there the bot is a random bot in Python, in one file that
# ends in a comment (a test appends bytes to make a new version).  With
# SCRIPT_BOT set it is that script everywhere: a bot whose size is the
# test's own, whatever the build's compiler and flags.
bot_into() {
	if [ -n "${SCRIPT_BOT:-}" ] || { [ -n "${SANITIZER_FLAGS:-}" ] && [ "$(id -u)" -eq 0 ]; }; then
		printf '#!%s\nimport json, random, sys\nfor line in sys.stdin:\n    msg = json.loads(line)\n    print(json.dumps({"action": random.choice(msg["legal"])} if "legal" in msg else {}), flush=True)\n# ' \
			"$AS_PYTHON3" >"$1/bot"
		chmod 755 "$1/bot"
	else
		cp "$CBOT" "$1/bot"
	fi
}

# league_of_bots DIR NAME...: a league of rolit 6x6 made in DIR (as
# LEAGUE's user) with the bots named, each bot_into $TMP/NAME; each step
# checked.  league_of_three DIR: with a, b and c.
league_of_bots() {
	local dir=$1 b
	shift
	for b in "$@"; do
		mkdir "$TMP/$b"
		bot_into "$TMP/$b"
	done
	expect_exit 0 "${LEAGUE[@]}" init "$dir" --game rolit -o size=6
	for b in "$@"; do
		expect_exit 0 "${LEAGUE[@]}" add "$dir" "$b" "$TMP/$b/bot" "$TMP"
	done
}
league_of_three() { league_of_bots "$1" a b c; }
# league_of_two: L, such a league in $TMP/league with a and b.
league_of_two() { L=$TMP/league; league_of_bots "$L" a b; }

# bot_archive NAME: $TMP/NAME.tgz, an upload of the test's bot (bot_into,
# in the folder $TMP/NAME) with its bot.json.
bot_archive() {
	mkdir "$TMP/$1"
	bot_into "$TMP/$1"
	echo '{"command": "./bot"}' >"$TMP/$1/bot.json"
	tar -czf "$TMP/$1.tgz" -C "$TMP/$1" .
}

# league_as_user: as root, the league's commands (LEAGUE) run as nobody
# (the server's --user takes a user of the passwd file)
# and the server (SERVE_AS ... -- with SERVE_USER) drops to them.
league_as_user() {
	unprivileged named
	LEAGUE=("${AS[@]}" "$REFEREE" league)
	SERVE_AS=()
	SERVE_USER=()
	if [ "$(id -u)" -eq 0 ]; then
		SERVE_AS=(env XDG_DATA_HOME="$TMP/unprivileged-data")
		SERVE_USER=(--user nobody)
	fi
}

# slow_league MS: the league $L of Rolit 6x6 with bots a and b, each in
# a folder of its own, that sleep MS ms before each move.
slow_league() {
	for b in a b; do
		mkdir "$TMP/$b"
		cp "$ZOO/slow.py" "$ZOO/zoo.py" "$TMP/$b/"
	done
	chmod -R a+rX "$TMP/a" "$TMP/b"
	expect_exit 0 "${LEAGUE[@]}" init "$L" --game rolit -o size=6
	for b in a b; do
		expect_exit 0 "${LEAGUE[@]}" add "$L" "$b" "$AS_PYTHON3 $TMP/$b/slow.py $TMP $1"
	done
}

# until_logged RUN: waits (90 s at most) until game 1 of run RUN of the
# league $L has its header on disk: its set is in play.
until_logged() {
	for _ in $(seq 900); do
		[ -s "$L/runs/$1/game-000001.jsonl" ] && return 0
		sleep 0.1
	done
	return 1
}

# league_of USER...: L, a league of Rolit 6x6 in $TMP/league with the
# test's bot as the organiser's bot a (it plays with the first upload),
# and the users named, each one's token in the variable of their name.
league_of() {
	L=$TMP/league
	league_of_bots "$L" a
	for user in "$@"; do
		expect_exit 0 "${LEAGUE[@]}" user add --porcelain "$L" "$user"
		printf -v "$user" %s "$(cat "$OUT")"
	done
}

# zoo_archive BOT: $TMP/BOT.tgz, an upload of the zoo bot BOT (with the
# zoo's zoo.py), which runs as `/usr/bin/python3 ./BOT.py .`.
zoo_archive() {
	mkdir "$TMP/$1"
	cp "$ZOO/$1.py" "$ZOO/zoo.py" "$TMP/$1/"
	echo "{\"command\": \"/usr/bin/python3 ./$1.py .\"}" >"$TMP/$1/bot.json"
	tar -czf "$TMP/$1.tgz" -C "$TMP/$1" .
}

# chromium_run OUT ARGS...: the Python script on stdin run with the
# DevTools port of a headless Chromium started for it and ARGS as its
# arguments (tests/tools/cdp.py's Page at hand), its stdout into OUT;
# the browser stopped after.
chromium_run() {
	local out=$1 port chromium
	shift
	port=$(free_ports 1)
	browser --remote-debugging-port="$port" about:blank >/dev/null &
	chromium=$!
	PYTHONPATH="$(cd "$top_srcdir/tests/tools" && pwd)" "$PYTHON3" - "$port" "$@" >"$out"
	kill "$chromium" 2>/dev/null
	wait "$chromium" 2>/dev/null
}

# serve_uploads: the server of L, playing nothing, with a TMPDIR of its
# own ($TMP/server-tmp, to see what an upload leaves there) and any
# number of uploads a minute; keep adds the last answer ($TMP/body) to
# $answers, every answer to an upload, to look for the server's paths in.
serve_uploads() {
	mkdir -m 0777 "$TMP/server-tmp"
	SERVE_AS+=(env TMPDIR="$TMP/server-tmp")
	serve "${SERVE_AS[@]}" -- "$L" --no-play --uploads-per-minute 1000
	answers=$TMP/answers
}
keep() { cat "$TMP/body" >>"$answers"; echo >>"$answers"; }
