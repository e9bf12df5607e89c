#!/usr/bin/env bash
# Runs a command beside a private PipeWire: pipewire, WirePlumber (which needs a session bus: a
# private dbus-daemon) and pipewire-pulse, its PulseAudio service, with a null sink, and always
# stops them afterwards. The command sees PULSE_SERVER pointing at pipewire-pulse; the user's own
# servers and configuration are never touched. WOODSHED_PIPEWIRE_PULSE_FRAGMENT, when set, names
# a file put in pipewire-pulse.conf.d (SharedPipeWireServerTests gives it the README's).
set -uo pipefail

dir=$(mktemp -d "${TMPDIR:-/tmp}/woodshed-pipewire.XXXXXX")
pids=()
command_pid=""
stop() {
  trap '' INT TERM
  [ -n "$command_pid" ] && kill "$command_pid" 2>/dev/null
  # The clients first, the bus last.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    pid=${pids[i]}
    kill -0 "$pid" 2>/dev/null || continue
    kill "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
  echo "with-pipewire: $1:" >&2
  tail -n 20 "$dir"/*.log >&2 2>/dev/null
  exit 1
}

# waits up to 10 s for a check to pass while the last daemon started still runs.
await() {
  for _ in $(seq 100); do
    "$@" && return 0
    kill -0 "${pids[-1]}" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# starts a daemon with only the environment of the private servers, its output in NAME.log.
start() {
  local name=$1
  shift
  env -i HOME="$dir" XDG_RUNTIME_DIR="$dir" XDG_CONFIG_HOME="$dir/config" PATH="$PATH" \
    DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus" "$@" >"$dir/$name.log" 2>&1 &
  pids+=($!)
}

if [ -n "${WOODSHED_PIPEWIRE_PULSE_FRAGMENT:-}" ]; then
  mkdir -p "$dir/config/pipewire/pipewire-pulse.conf.d"
  cp "$WOODSHED_PIPEWIRE_PULSE_FRAGMENT" "$dir/config/pipewire/pipewire-pulse.conf.d/" ||
    fail "cannot read $WOODSHED_PIPEWIRE_PULSE_FRAGMENT"
fi

# A bus configuration of its own rather than --session's: that one looks up the user's home
# folder and its clients' users in the passwd database, which the tests' users are not in. Its
# socket is in the private folder, so anonymous clients are only this user's.
cat >"$dir/bus.conf" <<CONF
<busconfig>
  <type>session</type>
  <listen>unix:path=$dir/bus</listen>
  <auth>ANONYMOUS</auth>
  <allow_anonymous/>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
start dbus dbus-daemon --config-file="$dir/bus.conf" --nofork --nopidfile
await test -S "$dir/bus" || fail "the session bus did not start"
start pipewire pipewire
await test -S "$dir/pipewire-0" || fail "pipewire did not start"
start wireplumber wireplumber
start pipewire-pulse pipewire-pulse
export PULSE_SERVER="unix:$dir/pulse/native"
await pactl info >/dev/null 2>&1 || fail "pipewire-pulse did not answer"
pactl load-module module-null-sink sink_name=woodshed_null rate=48000 >/dev/null ||
  fail "pipewire-pulse did not make the null sink"
# WirePlumber makes the new sink the default once it runs; until then no stream is linked.
is_default() { [ "$(pactl get-default-sink 2>/dev/null)" = woodshed_null ]; }
await is_default || fail "WirePlumber did not take the null sink as the default"
export WOODSHED_TEST_PULSE_SERVER="$PULSE_SERVER"
export WOODSHED_TEST_PULSE_SINK="woodshed_null"

# In the background, so that a TERM stops the servers at once rather than after the command;
# standard input stays the command's.
"$@" <&0 &
command_pid=$!
wait "$command_pid"
