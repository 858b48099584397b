#!/bin/sh
# The guest's systemd-run (tests/tools/vm_guest.sh), a stand-in playing
# systemd's part, as there is no systemd in the guest: for the only command
# the referee runs (referee/bot/cgroup_delegate.c), `systemd-run --user
# --scope --quiet -p Delegate=yes -- CMD...`, it does what systemd would:
# makes a scope, app.slice/run-rPID.scope, under the user's service group
# (user@UID.service, read off its own /proc/self/cgroup), moves itself
# there and runs CMD in its place.  The scope is made by the user, so it
# is already the user's, as Delegate=yes makes it.  Its arguments go, one a
# line, to $XDG_RUNTIME_DIR/systemd-run.args, for the guest to check.  Any
# other command fails loudly, with status 2.
set -u
printf '%s\n' "$@" >"$XDG_RUNTIME_DIR/systemd-run.args"
if [ "$#" -lt 7 ] || [ "$1 $2 $3 $4 $5 $6" != "--user --scope --quiet -p Delegate=yes --" ]; then
	echo "systemd-run (the guest's stand-in): expected --user --scope --quiet -p Delegate=yes -- CMD, got: $*" >&2
	exit 2
fi
shift 6
own=$(sed -n 's/^0:://p' /proc/self/cgroup)
case $own in
*/user@"$(id -u)".service/*) service=/sys/fs/cgroup${own%%.service/*}.service ;;
*)
	echo "systemd-run (the guest's stand-in): not in a user@$(id -u).service: $own" >&2
	exit 2
	;;
esac
scope=$service/app.slice/run-r$$.scope
mkdir "$scope" && echo $$ >"$scope/cgroup.procs" || exit 2
exec "$@"
