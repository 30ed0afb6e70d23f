#!/usr/bin/env bash
# What a braille user feels: runs chuck's screen on a Linux virtual console under BRLTTY and prints the
# braille window (the text BRLTTY puts on the display, which follows the terminal cursor) after keys:
#   Scripts/braille-oracle.sh [options] KEY...
# Each KEY is sent to chuck as one read (one TIOCSTI burst per argument, so `j` `j` are two keystrokes
# and `jj` is one read of two keys); Enter, Esc, Tab, Up, Down, Left, Right, Space name keys. After the
# keys the script prints the braille window's text, trailing blanks removed. For example
#   sudo Scripts/braille-oracle.sh --add "Alpha" --add "Bravo" --each 6 j
# prints `6<TAB>> ☆ Alpha  saved …` then `j<TAB>> ☆ Bravo  saved …`: the selected row, as the cursor
# stands on it. With --dots, the cell under the cursor carries dots 7 and 8 (BRLTTY's default cursor).
#
# Options:
#   --chuck PATH    the chuck binary (default: .build/debug/chuck of this checkout)
#   --add TEXT      `chuck add TEXT` before the screen opens (repeatable; the list starts empty)
#   --arg ARG       an argument for chuck's screen, e.g. --arg --accessible (repeatable)
#   --cells N       the braille display's width in cells (default 80; 40 is a common display)
#   --size CxR      resize the console to C columns by R rows for the run (e.g. 40x12), restored after
#   --each          print the window after every key, as KEY<TAB>window, not only at the end
#   --dots          also print the braille cells (dots per cell, `|` between cells) after each window
#   --settle SECS   how long the window must stay unchanged to count as drawn (default 0.4)
#
# How: BRLTTY 6.5 as Debian ships it (apt-get install brltty) has no terminal-emulator screen driver
# (`em`, brltty-pty are not built), so the screen is a real Linux console read through /dev/vcsa by
# BRLTTY's `lx` driver; the braille display is BRLTTY's Virtual driver (`vr`), which sends every
# update of the window as a line `Visual "text"` (and `Braille "dots"`) over a Unix socket that this
# script reads. chuck runs with a temporary HOME, data and cache (CHUCK_API_URL=http://127.0.0.1:9,
# TERM=linux) on the foreground console, which must be otherwise unused (a headless VM or container
# whose kernel console is serial); keys go in with TIOCSTI. Needs root, /dev/vcsa, /dev/vcsu,
# dev.tty.legacy_tiocsti=1 where the kernel has it, brltty, python3. Everything it starts is stopped
# and its temporary folder removed when it ends.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
chuck="$here/../.build/debug/chuck"
cells=80 size="" each=0 dots=0 settle=0.4
adds=() args=()
while [ "$#" -gt 0 ]; do
  case $1 in
    --chuck) chuck=$2; shift 2 ;;
    --add) adds+=("$2"); shift 2 ;;
    --arg) args+=("$2"); shift 2 ;;
    --cells) cells=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --each) each=1; shift ;;
    --dots) dots=1; shift ;;
    --settle) settle=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
    -*) echo "error: unknown option $1" >&2; exit 64 ;;
    *) break ;;
  esac
done

fail() { echo "error: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (BRLTTY reads /dev/vcsa, keys go in with TIOCSTI)"
command -v brltty >/dev/null || fail "needs brltty (Debian/Ubuntu: apt-get install brltty)"
command -v python3 >/dev/null || fail "needs python3"
[ -x "$chuck" ] || fail "no chuck binary at $chuck (swift build, or --chuck PATH)"
[ -r /dev/vcsa ] && [ -r /sys/class/tty/tty0/active ] || fail "no Linux virtual console (/dev/vcsa)"
if [ -r /proc/sys/dev/tty/legacy_tiocsti ] && [ "$(cat /proc/sys/dev/tty/legacy_tiocsti)" = 0 ]; then
  fail "TIOCSTI is off (sysctl dev.tty.legacy_tiocsti=0)"
fi
vt=/dev/$(cat /sys/class/tty/tty0/active)
for fd in /proc/[0-9]*/fd/*; do
  if [ "$(readlink "$fd" 2>/dev/null)" = "$vt" ]; then
    fail "$vt, the foreground console, is in use (by process ${fd#/proc/}); run this where it is free"
  fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/braille-oracle.XXXXXX")
brltty_pid="" chuck_pid="" old_size=$(stty -F "$vt" size)
cleanup() {
  set +e
  if [ -n "$chuck_pid" ]; then kill "$chuck_pid" 2>/dev/null; wait "$chuck_pid" 2>/dev/null; fi
  if [ -n "$brltty_pid" ]; then
    # BRLTTY stops on SIGTERM, but not while its virtual driver waits for a display to reconnect.
    kill "$brltty_pid" 2>/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
      kill -0 "$brltty_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$brltty_pid" 2>/dev/null
    wait "$brltty_pid" 2>/dev/null
  fi
  set -- $old_size
  stty -F "$vt" rows "$1" cols "$2" 2>/dev/null || true
  printf '\033c' > "$vt" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

export HOME="$tmp/home" CHUCK_DATA_DIR="$tmp/data" CHUCK_CACHE_DIR="$tmp/cache"
export CHUCK_API_URL=http://127.0.0.1:9 TERM=linux
mkdir -p "$HOME" "$CHUCK_DATA_DIR" "$CHUCK_CACHE_DIR"
for text in ${adds[@]+"${adds[@]}"}; do
  "$chuck" add "$text" >/dev/null 2>&1 || fail "chuck add failed"
done

if [ -n "$size" ]; then
  stty -F "$vt" cols "${size%x*}" rows "${size#*x}" || fail "cannot resize $vt to $size"
fi
printf '\033c' > "$vt"

# The braille side: no configuration or preferences file of the machine, no BrlAPI, no speech.
brltty -n -e -q -Z -N -f /dev/null -F "$tmp/brltty.prefs" -W "$tmp" -U "$tmp" \
  -b vr -d "server:$tmp/vr.sock" -x lx -s no --start-message=" " \
  >"$tmp/brltty.log" 2>&1 &
brltty_pid=$!

# The screen, on the console as its controlling terminal.
setsid sh -c 'exec "$0" "$@" <>"'"$vt"'" >&0 2>&0' "$chuck" ${args[@]+"${args[@]}"} >/dev/null 2>&1 &
chuck_pid=$!

cat > "$tmp/reader.py" <<'EOF'
import fcntl, os, re, select, socket, sys, termios, time

sock_path, vt, cells, settle, each, dots, brltty_pid = sys.argv[1:8]
cells, settle, each, dots = int(cells), float(settle), each == "1", dots == "1"
keys = sys.argv[8:]
named = {"Enter": "\r", "Esc": "\x1b", "Tab": "\t", "Space": " ",
         "Up": "\x1b[A", "Down": "\x1b[B", "Right": "\x1b[C", "Left": "\x1b[D"}

s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
deadline = time.time() + 10
while True:
    try:
        s.connect(sock_path)
        break
    except OSError:
        if time.time() > deadline:
            sys.exit("error: BRLTTY's virtual display socket never appeared")
        time.sleep(0.05)
s.sendall(b"cells %d\n" % cells)

buf = b""
window = {"Visual": None, "Braille": None}

def unquote(text):
    m = re.match(r'^\s*"(.*)"\s*$', text)
    body = m.group(1) if m else text
    return re.sub(r'\\(X[0-9A-Fa-f]{2}|.)',
                  lambda m: chr(int(m.group(1)[1:], 16)) if m.group(1)[0] == "X" and len(m.group(1)) == 3
                  else m.group(1), body)

def pump(timeout):
    """Reads what BRLTTY sends for up to timeout seconds; True if the window changed."""
    global buf
    changed = False
    r, _, _ = select.select([s], [], [], timeout)
    if not r:
        return False
    data = s.recv(65536)
    if not data:
        sys.exit("error: BRLTTY closed the virtual display")
    buf += data
    while b"\n" in buf:
        line, buf = buf.split(b"\n", 1)
        word, _, rest = line.decode("utf-8", "replace").rstrip("\r").partition(" ")
        if word in window:
            window[word] = unquote(rest)
            changed = True
    return changed

def settled(minimum, maximum):
    start = time.time()
    last = start
    while True:
        now = time.time()
        if now - start >= maximum:
            return
        if now - start >= minimum and now - last >= settle:
            return
        if pump(0.05):
            last = time.time()

def show(prefix=""):
    text = (window["Visual"] or "").rstrip()
    print(prefix + text)
    if dots:
        print(prefix + (window["Braille"] or ""))
    sys.stdout.flush()

# The first frame: wait until the screen has drawn and held still.
settled(max(1.0, settle), 10.0)
fd = os.open(vt, os.O_RDWR | os.O_NOCTTY)
for key in keys:
    for byte in named.get(key, key).encode():
        fcntl.ioctl(fd, termios.TIOCSTI, bytes([byte]))
    settled(settle, 5.0)
    if each:
        show(key + "\t")
os.close(fd)
if not each:
    show()
# Stop BRLTTY while the display is still connected (it would wait for a new one otherwise).
os.kill(int(brltty_pid), 15)
end = time.time() + 2
while time.time() < end:
    r, _, _ = select.select([s], [], [], 0.1)
    if r and not s.recv(65536):
        break
EOF
python3 "$tmp/reader.py" "$tmp/vr.sock" "$vt" "$cells" "$settle" "$each" "$dots" "$brltty_pid" "$@"
