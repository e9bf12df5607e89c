#!/usr/bin/env bash
# Runs a command beside a private PulseAudio daemon with a null sink, and always stops the
# daemon afterwards. The command sees PULSE_SERVER pointing at it; the user's own server, if
# any, is never touched.
set -uo pipefail

dir=$(mktemp -d "${TMPDIR:-/tmp}/woodshed-pulse.XXXXXX")
pid=""
stop() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  fi
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

HOME="$dir" XDG_RUNTIME_DIR="$dir" XDG_CONFIG_HOME="$dir/config" PULSE_SERVER= \
  pulseaudio --daemonize=no --exit-idle-time=-1 --use-pid-file=no --disable-shm=yes -n \
  --load="module-native-protocol-unix socket=$dir/native auth-anonymous=1" \
  --load="module-null-sink sink_name=woodshed_null rate=48000" \
  --load="module-always-sink" \
  --log-target="file:$dir/pulseaudio.log" >"$dir/stdout" 2>&1 &
pid=$!

export PULSE_SERVER="unix:$dir/native"
for _ in $(seq 100); do
  [ -S "$dir/native" ] && pactl info >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if ! pactl info >/dev/null 2>&1; then
  echo "with-pulseaudio: the private PulseAudio daemon did not start:" >&2
  cat "$dir/stdout" "$dir/pulseaudio.log" >&2 2>/dev/null
  exit 1
fi
export WOODSHED_TEST_PULSE_SERVER="$PULSE_SERVER"
export WOODSHED_TEST_PULSE_SINK="woodshed_null"

"$@"
