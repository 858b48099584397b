#!/usr/bin/env bash
# End-to-end: containment on a real cgroup v2 kernel (docs/SANDBOX.md "cgroup
# v2, proven in a virtual machine").  Boots Debian's kernel
# (linux-image-amd64) under QEMU (qemu-system-x86, emulated: -accel tcg, as
# KVM hangs on some hosts) with the unified hierarchy only and an initramfs
# of this machine's own binaries: busybox, bubblewrap, setpriv, the
# built referee, its C random bot and tests/zoo/greedy-c.  There
# tests/tools/vm_guest.sh runs the containment cases (memory with the tmpfs,
# processes, freezing, the CPU clock; functional, not timed: the guest is
# emulated) as root and as a normal user in a subtree delegated to it, and
# prints each case as a line on the serial console, which this script
# relays as TAP as it comes.  A guest silent for $VM_SILENCE seconds is
# killed, and that fails.  The initramfs is cached in tests/vm-cache of the
# build folder under a hash of its files.  Skips, with the reason, where
# QEMU, a readable kernel, its overlay module, busybox or cpio is missing.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

VM_SILENCE=${VM_SILENCE:-120} # seconds without a line from the guest
VM_LIMIT=${VM_LIMIT:-270}     # seconds for the whole run of the guest
GREEDY_C=$top_builddir/tests/zoo/greedy-c

qemu=$(command -v qemu-system-x86_64 || true)
kernel=$(find /boot -maxdepth 1 -name 'vmlinuz-*' 2>/dev/null | sort -V | tail -n 1)
kver=${kernel#/boot/vmlinuz-}
overlay=$(find "/lib/modules/$kver/kernel/fs/overlayfs" -name 'overlay.ko*' 2>/dev/null | head -n 1)
missing=
[ -n "$qemu" ] || missing="$missing qemu-system-x86"
[ -n "$kernel" ] || missing="$missing linux-image-amd64"
for p in busybox cpio bwrap setpriv; do
	command -v "$p" >/dev/null || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "1..0 # SKIP needs what is not installed here:$missing (install-packages adds them)"
	exit 0
fi
if [ ! -r "$kernel" ] || [ -z "$overlay" ] || [ ! -r "$overlay" ]; then
	echo "1..0 # SKIP the kernel $kernel or its overlay module is not readable by $(id -un) here"
	exit 0
fi
if [ ! -x "$GREEDY_C" ]; then
	echo "1..0 # SKIP $GREEDY_C is not built (make check builds it)"
	exit 0
fi

# What goes into the image: "PATH-IN-IMAGE FILE" lines, each ELF file's
# libraries at their own path (/bin, /lib, /lib64 and /sbin are links into
# /usr there, as on a merged-/usr system).
in_usr() { echo "/usr${1#/usr}"; }
image_files() {
	local f lib
	for f in busybox bwrap setpriv; do
		f=$(command -v "$f")
		echo "$(in_usr "$f") $f"
	done
	echo "/arena/referee $REFEREE"
	echo "/arena/bot-exec $(dirname "$REFEREE")/bot-exec"
	echo "/arena/random-bot $CBOT"
	echo "/arena/greedy-c $GREEDY_C"
	echo "/arena/overlay.ko $overlay"
	echo "/init $top_srcdir/tests/tools/vm_guest.sh"
	echo "/arena/systemd/systemd-run $top_srcdir/tests/tools/vm_systemd_run.sh"
	for f in busybox bwrap setpriv "$REFEREE" "$CBOT" "$GREEDY_C"; do
		ldd "$(command -v "$f")" 2>/dev/null |
			awk '$3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
	done | sort -u | while read -r lib; do
		echo "$(in_usr "$lib") $lib"
	done
}

# build_image LIST OUT: the initramfs, a newc cpio archive (gzip), of the
# files of LIST; fails at the first step that does (run it in a subshell,
# alone: `set -e` does nothing in a subshell whose status && tests).
build_image() {
	set -e
	local root=$TMP/root to from applet
	mkdir -p "$root"/usr/bin "$root"/usr/lib "$root"/usr/lib64 "$root"/usr/sbin \
		"$root"/arena "$root"/etc "$root"/root "$root"/proc "$root"/sys "$root"/dev
	for d in bin lib lib64 sbin; do
		ln -s "usr/$d" "$root/$d"
	done
	while read -r to from; do
		mkdir -p "$root$(dirname "$to")"
		cp -L "$from" "$root$to"
	done <"$1"
	case $overlay in
	*.xz) xz -dc "$overlay" >"$root/arena/overlay.ko" ;;
	*.zst) zstd -qdc "$overlay" >"$root/arena/overlay.ko" ;;
	esac
	chmod 0755 "$root/init"
	for applet in $(busybox --list); do
		[ -e "$root/usr/bin/$applet" ] || ln -s busybox "$root/usr/bin/$applet"
	done
	printf 'root:x:0:0:root:/root:/bin/sh\nplayer:x:1000:1000:player:/home/player:/bin/sh\n' \
		>"$root/etc/passwd"
	printf 'root:x:0:\nplayer:x:1000:\n' >"$root/etc/group"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$2"
}

cache=$top_builddir/tests/vm-cache
image_files >"$TMP/files"
# Its hash: of the list, of each file, and of this script, which makes it.
stamp=$({ cat "$TMP/files" "$0"; cut -d' ' -f2 "$TMP/files" | xargs cat; } | sha256sum | cut -c1-16)
image=$cache/initramfs-$stamp.cpio.gz
if [ ! -s "$image" ] && ! { mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ]; }; then
	diag "$cache is not $(id -un)'s to write: the image is made for this run only"
	cache=$TMP image=$TMP/initramfs-$stamp.cpio.gz
fi
if [ ! -s "$image" ]; then
	rm -f "$cache"/initramfs-*.cpio.gz
	(build_image "$TMP/files" "$image.$$")
	made=$?
	[ "$made" = 0 ] && mv "$image.$$" "$image" || rm -f "$image.$$"
	ok "$made" "the guest's initramfs is made ($(du -h "$image" 2>/dev/null | cut -f1))" || done_testing
fi

# The guest, its console read line by line as it comes.
mkfifo "$TMP/console"
start=$(now_ms)
timeout -k 5 "$VM_LIMIT" "$qemu" -accel tcg -cpu max -smp 2 -m 1G \
	-display none -monitor none -serial stdio -no-reboot \
	-kernel "$kernel" -initrd "$image" \
	-append "console=ttyS0 loglevel=1 panic=-1 cgroup_no_v1=all" \
	<"/dev/null" >"$TMP/console" 2>"$TMP/qemu.err" &
vm=$!
booted='' done='' silent='' cases=0
while true; do
	IFS= read -r -t "$VM_SILENCE" line
	status=$?
	if [ "$status" -gt 128 ]; then
		silent=1
		break
	fi
	line=${line%$'\r'}
	case $line in
	"arena-vm: controllers: "*)
		booted=$(($(now_ms) - start))
		diag "booted in $booted ms; ${line#arena-vm: }"
		;;
	"arena-vm: ok "*) ok 0 "${line#arena-vm: ok }" && cases=$((cases + 1)) ;;
	"arena-vm: not ok "*) ok 1 "${line#arena-vm: not ok }"; cases=$((cases + 1)) ;;
	"arena-vm: #"*) echo "${line#arena-vm: }" ;;
	"arena-vm: done") done=1 ;;
	esac
	echo "$line" >>"$TMP/seen"
	[ "$status" = 0 ] || break
done <"$TMP/console"
if [ -n "$silent" ]; then
	kill "$vm" 2>/dev/null
fi
wait "$vm"
vm_rc=$?
diag "the guest ran $(($(now_ms) - start)) ms (QEMU's status $vm_rc)"
if [ -z "$done" ]; then
	why="it ended"
	[ -n "$silent" ] && why="it printed nothing for $VM_SILENCE s and was killed"
	[ "$vm_rc" = 124 ] && why="it ran past $VM_LIMIT s and was killed"
	diag "the guest's last lines:"
	tail -n 20 "$TMP/seen" 2>/dev/null | sed 's/^/#   /'
	head -c 1000 "$TMP/qemu.err" | sed 's/^/#   /'
fi
ok "$([ -n "$booted" ]; echo $?)" "the guest boots and says its cgroup v2 controllers"
# The hierarchy's case, 15 as root, 16 as the user (its subtree's first),
# 13 of the referee asking systemd-run for a delegated scope.
expect_eq "$cases" 51 "every case of the guest is reported"
if [ -n "$done" ]; then
	ok 0 "the guest runs every case to its end"
else
	ok 1 "the guest runs every case to its end: $why"
fi
done_testing
