#!/usr/bin/env bash
# arena_env plays the referee's games, move for move: for each game and
# number of players, `referee play --seed` between bots that choose
# legal[crc32(turn line) % len(legal)] (tests/tools/env-choice-bot) and
# the same games played again in arena_env, choosing the same way from
# the environment's own turn messages (tests/tools/env_referee.py), give
# the same game_id, draws, actions, ranks and scores in every game.  A
# turn message that differed by one byte would change every choice after
# it.  `make check` plays ENV_REFEREE_GAMES games of each (100);
# `make check-env` 10,000.  ENV_REFEREE_ONLY=GAME plays only that game.
. "$(dirname "$0")/../tools/lib.sh"

GAMES=${ENV_REFEREE_GAMES:-100}
# Each referee run and each replay by the environment gets its time.
RUN_LIMIT=$((60 + 3 * GAMES))
DRIVER="$top_srcdir/tests/tools/env_referee.py"
export ARENA_ENV_PATH="$top_builddir/sdk/python"

# same GAME PLAYERS SEED [KEY=VALUE...]: the referee's games and the
# environment's are the same.
same() {
	local game=$1 players=$2 seed=$3
	shift 3
	[ -z "${ENV_REFEREE_ONLY:-}" ] || [ "$ENV_REFEREE_ONLY" = "$game" ] || return 0
	rm -rf "$TMP/logs"
	choice_play "$game" "$players" "$seed" "$GAMES" "$TMP/logs" "$@"
	ok "$RC" "referee play $game, $players players, $GAMES games" || diag_run
	run "$PYTHON3" "$DRIVER" "$game" "$players" "$TMP/logs" "$GAMES" "$seed" 50 "$@"
	ok "$([ "$RC" = 0 ] && grep -q ': identical$' "$OUT"; echo $?)" \
		"arena_env $game, $players players $*: $(cat "$OUT")" || diag_run
}

same bolo 2 01
same bolo 3 02 target=3000
same bolo5 2 03
same volle-lotte 2 04
same volle-lotte 4 05
same rolit 2 06
same rolit 4 07
same rolit 2 08 size=6
same black-pot 2 09
same black-pot 4 0a
same black-pot 2 0b layout=random

assert_no_leftovers
done_testing
