#!/usr/bin/env bash
# install-packages (README.md's first command, .ci/run): with fakes of
# dpkg-query, id, apt-get and sudo alone on PATH, it asks for nothing when
# every package is installed, installs only the missing ones, with sudo
# only when not root, and says what to run as root when there is no sudo.
. "$(dirname "$0")/../tools/lib.sh"

script=$top_srcdir/install-packages
log=$TMP/calls
mkdir "$TMP/bin" "$TMP/sudo-bin"
# dpkg-query -W -f=FORMAT PACKAGE...: every package installed but those in
# FAKE_MISSING (unknown to dpkg) and FAKE_REMOVED (only config files left).
cat >"$TMP/bin/dpkg-query" <<'EOF'
#!/bin/bash
status=0
for p in "${@:3}"; do
	if [[ " $FAKE_MISSING " == *" $p "* ]]; then
		echo "dpkg-query: no packages found matching $p" >&2
		status=1
	elif [[ " $FAKE_REMOVED " == *" $p "* ]]; then
		echo "$p config-files"
	else
		echo "$p installed"
	fi
done
exit $status
EOF
cat >"$TMP/bin/id" <<'EOF'
#!/bin/bash
echo "$FAKE_UID"
EOF
cat >"$TMP/bin/apt-get" <<'EOF'
#!/bin/bash
echo "apt-get $*" >>"$FAKE_LOG"
[ "$1" = update ] && exit "${FAKE_UPDATE_STATUS:-0}"
exit 0
EOF
cat >"$TMP/sudo-bin/sudo" <<'EOF'
#!/bin/bash
echo "sudo $*" >>"$FAKE_LOG"
exec "$@"
EOF
chmod +x "$TMP"/bin/* "$TMP/sudo-bin/sudo"

# packages UID PATH [VAR=VALUE...] -- [ARG...]: runs the script (as `run`)
# with the fakes, as UID, with a new call log.
packages() {
	local uid=$1 path=$2
	shift 2
	before_dashes "$@"
	shift "$BEFORE_SHIFT"
	: >"$log"
	run env -i PATH="$path" FAKE_LOG="$log" FAKE_UID="$uid" "${BEFORE[@]}" \
		/bin/sh "$script" "$@"
}
calls() {
	tr '\n' ';' <"$log"
}
nosudo=$TMP/bin
withsudo=$TMP/bin:$TMP/sudo-bin

packages 1000 "$nosudo" --
expect_eq "$RC $(cat "$OUT") $(calls)" "0 install-packages: all 38 packages are installed " \
	"all installed, no sudo: exit 0, says so, runs neither apt-get nor sudo"
expect_eq "$(cat "$ERR")" "" "all installed: nothing on stderr"

packages 1000 "$withsudo" FAKE_MISSING="jq chromium" FAKE_REMOVED=munge --
expect_eq "$RC $(cat "$OUT")" "0 install-packages: not installed: jq chromium munge" \
	"not root: names the missing packages in the list's order, a removed one among them"
expect_eq "$(calls)" "sudo apt-get update;apt-get update;sudo apt-get install -y --no-install-recommends jq chromium munge;apt-get install -y --no-install-recommends jq chromium munge;" \
	"not root, with sudo: sudo apt-get update, then installs only the missing ones"

packages 0 "$nosudo" FAKE_MISSING=check --
expect_eq "$RC $(calls)" "0 apt-get update;apt-get install -y --no-install-recommends check;" \
	"root: apt-get without sudo, only the missing package"

packages 0 "$withsudo" FAKE_MISSING=valgrind -- valgrind
expect_eq "$RC $(calls)" "0 apt-get update;apt-get install -y --no-install-recommends valgrind;" \
	"an argument is one more package, installed when missing"

packages 0 "$nosudo" -- gdb valgrind
expect_eq "$RC $(cat "$OUT") $(calls)" "0 install-packages: all 40 packages are installed " \
	"arguments installed too: nothing to do"

packages 1000 "$nosudo" FAKE_MISSING="jq nodejs" --
expect_eq "$RC $(calls)" "1 " "missing, not root, no sudo: exit 1 and runs nothing"
expect_eq "$(cat "$ERR")" "install-packages: there is no sudo here: as root, run apt-get update && apt-get install -y --no-install-recommends nodejs jq" \
	"missing, no sudo: says what to run as root"

packages 0 "$nosudo" FAKE_MISSING=jq FAKE_UPDATE_STATUS=100 --
expect_eq "$RC $(calls)" "100 apt-get update;" "a failed apt-get update: its status, nothing installed"

packages 0 "$TMP/sudo-bin" --
expect_eq "$RC" 1 "no dpkg-query: exit 1"
expect_contains "$ERR" "install-packages: dpkg-query is missing, so this is not Debian: install your system's versions of: build-essential autoconf" \
	"no dpkg-query: says so and lists the packages"

# The README's first command starts with it.
first=$(sed -n '/^```sh$/{n;p;q}' "$top_srcdir/README.md")
expect_eq "${first%% && autoreconf*}" "./install-packages" \
	"README's first command begins with ./install-packages"

done_testing
