#!/usr/bin/env bash
# Runs a command beside a private PostgreSQL cluster in a temporary folder, listening on a Unix
# socket in that folder only (no TCP), and always stops and removes it afterwards. The command
# sees WOODSHED_TEST_POSTGRES, the URL of an empty database `woodshed` on that socket; tests make
# their own databases beside it. initdb refuses root, so as root the cluster runs as the
# `postgres` user that Debian's package makes.
set -uo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgresql: no PostgreSQL server under /usr/lib/postgresql (make test-deps installs it)" >&2
  exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/woodshed-postgres.XXXXXX")
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$dir"
  as_owner=(runuser -u postgres --)
fi
user=$(if [ "$(id -u)" = 0 ]; then echo postgres; else id -un; fi)

started=""
stop() {
  if [ -n "$started" ]; then
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1
  fi
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if ! "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U "$user" --auth=trust -E UTF8 \
  --no-instructions >"$dir/initdb.log" 2>&1; then
  echo "with-postgresql: initdb failed:" >&2
  cat "$dir/initdb.log" >&2
  exit 1
fi
started=yes
if ! "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgresql.log" -w \
  -o "-c listen_addresses='' -k $dir -c fsync=off" start >/dev/null 2>&1; then
  echo "with-postgresql: the private PostgreSQL server did not start:" >&2
  cat "$dir/postgresql.log" >&2 2>/dev/null
  exit 1
fi
if ! "${as_owner[@]}" "$bin/createdb" -h "$dir" -U "$user" woodshed 2>"$dir/createdb.log"; then
  echo "with-postgresql: createdb failed:" >&2
  cat "$dir/createdb.log" >&2
  exit 1
fi

export WOODSHED_TEST_POSTGRES="postgres+uds://$user@localhost$dir/.s.PGSQL.5432#woodshed"

"$@"
