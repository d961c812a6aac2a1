#!/usr/bin/env bash
# `make cluster` / `make cluster-stop`: a local cluster of tabiya on one machine, on the components a cluster of
# several machines uses (docs/deploy.md):
#
#   PostgreSQL 15   the games, tournaments: initdb under build/cluster/pg, 127.0.0.1:$CLUSTER_PG_PORT (15432)
#   Redis 7         the event bus between the nodes, nothing saved: 127.0.0.1:$CLUSTER_REDIS_PORT (16379)
#   3 tabiya nodes  `tabiya serve --store postgresql://... --bus redis://... --node-id nodeN` on 127.0.0.1:8081,
#                   8082, 8083, each with its own --data directory build/cluster/nodeN for what is still local to a
#                   node. --node-id turns game ownership on: each game runs on the node holding its lease,
#                   and a socket that reaches another node is relayed to the owner, so any node serves any URL
#   HAProxy 2.6     http://localhost:$CLUSTER_PORT (8080): round robin, health checks on /healthz, WebSockets
#
#   scripts/cluster.sh start    installs what is missing (scripts/install-deps.sh), builds, starts what is not
#                               running yet and prints the URL; a second start says the cluster is running
#   scripts/cluster.sh stop     stops every part; the data stays under build/cluster/ for the next start
#   scripts/cluster.sh status   which parts run
#
# Logs: build/cluster/log/. CLUSTER_NODES=N (default 3) changes the number of nodes; NODE_ARGS="..." passes flags
# to every `tabiya serve`; CLUSTER_BUILD=0 skips the build (tabiya and web/dist built already);
# CLUSTER_BALANCE=uri makes HAProxy send each URL to one node (a game's sockets, /ws/ID, all to the same node)
# instead of round robin: fewer relayed sockets, not needed for correctness. CLUSTER_LEASE_SECONDS (default 6) is
# each node's --lease-seconds: how long a killed node's games wait for another owner. The ports are loopback ones:
# nothing here is reachable from another machine.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD_DIR:-$ROOT/build}
TABIYA=$BUILD/tabiya
DIR=$BUILD/cluster
RUN=$DIR/run
LOG=$DIR/log
PG_DIR=$DIR/pg
PORT=${CLUSTER_PORT:-8080}
PG_PORT=${CLUSTER_PG_PORT:-15432}
REDIS_PORT=${CLUSTER_REDIS_PORT:-16379}
NODES=${CLUSTER_NODES:-3}
FIRST_NODE_PORT=${CLUSTER_NODE_PORT:-8081}
DB_URL="postgresql://tabiya@127.0.0.1:$PG_PORT/tabiya"
BUS_URL="redis://127.0.0.1:$REDIS_PORT"
BALANCE=${CLUSTER_BALANCE:-roundrobin}
LEASE_SECONDS=${CLUSTER_LEASE_SECONDS:-6}

die() {
  echo "cluster: $*" >&2
  exit 1
}

pg_bin() {
  local dir
  dir=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  [[ -d "$dir" ]] || die "PostgreSQL's binaries are not under /usr/lib/postgresql (run scripts/install-deps.sh)"
  echo "$dir"
}

# PostgreSQL refuses to run as root: then it runs as `tabiya-test` if that user exists, else `nobody`, as the
# tests' servers do (tests/support/database_servers.h).
pg_user() {
  if [[ $(id -u) -ne 0 ]]; then
    id -un
  elif id tabiya-test >/dev/null 2>&1; then
    echo tabiya-test
  else
    echo nobody
  fi
}

as_pg_user() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u "$(pg_user)" -- "$@"
  else
    "$@"
  fi
}

# The pid in RUN/NAME.pid when that process is alive.
alive() {
  local file=$RUN/$1.pid pid
  [[ -f "$file" ]] || return 1
  pid=$(cat "$file")
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null
}

# Waits up to 30 s for a TCP port on 127.0.0.1 to accept connections.
wait_for_port() {
  local port=$1 what=$2 i
  for ((i = 0; i < 300; i++)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  die "$what did not open 127.0.0.1:$port within 30 s (see $LOG/)"
}

node_port() { echo $((FIRST_NODE_PORT + $1 - 1)); }

start_postgres() {
  local bin user
  bin=$(pg_bin)
  user=$(pg_user)
  if [[ ! -f "$PG_DIR/data/PG_VERSION" ]]; then
    echo "cluster: initdb in $PG_DIR/data (as $user)"
    rm -rf "$PG_DIR"
    mkdir -p "$PG_DIR"
    [[ $(id -u) -ne 0 ]] || chown "$user" "$PG_DIR"
    # Trust on loopback only: the cluster's ports are not reachable from other machines. docs/deploy.md says what
    # to use between machines (a password, TLS).
    as_pg_user "$bin/initdb" -D "$PG_DIR/data" -U tabiya --auth=trust --no-sync >"$LOG/initdb.log" 2>&1 ||
      die "initdb failed: see $LOG/initdb.log"
  fi
  if as_pg_user "$bin/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1; then return 0; fi
  echo "cluster: PostgreSQL on 127.0.0.1:$PG_PORT"
  as_pg_user "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c max_connections=200" start >/dev/null ||
    die "PostgreSQL did not start: see $PG_DIR/postgres.log"
  if ! psql -h 127.0.0.1 -p "$PG_PORT" -U tabiya -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'tabiya'" |
    grep -q 1; then
    psql -h 127.0.0.1 -p "$PG_PORT" -U tabiya -d postgres -qc "CREATE DATABASE tabiya" >/dev/null ||
      die "cannot create the database tabiya"
  fi
}

start_redis() {
  alive redis && return 0
  echo "cluster: Redis on 127.0.0.1:$REDIS_PORT"
  mkdir -p "$DIR/redis"
  # Pub/sub keeps nothing: no snapshots, no append-only file (a restart starts empty; the nodes heal from the store).
  setsid redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$DIR/redis" --save '' --appendonly no \
    --daemonize no >"$LOG/redis.log" 2>&1 </dev/null &
  echo $! >"$RUN/redis.pid"
  wait_for_port "$REDIS_PORT" Redis
}

start_node() {
  local n=$1 port
  port=$(node_port "$n")
  alive "node$n" && return 0
  echo "cluster: node $n on 127.0.0.1:$port"
  mkdir -p "$DIR/node$n"
  # The public URLs are HAProxy's: browsers' pages and WebSockets come from there; 127.0.0.1 is HAProxy's address,
  # whose X-Forwarded-For names the client.
  # shellcheck disable=SC2086
  setsid "$TABIYA" serve --host 127.0.0.1 --port "$port" --data "$DIR/node$n" --web "$ROOT/web/dist" \
    --store "$DB_URL" --bus "$BUS_URL" --node-id "node$n" --lease-seconds "$LEASE_SECONDS" --trusted-proxy 127.0.0.1 \
    --public-url "http://localhost:$PORT" --public-url "http://127.0.0.1:$PORT" ${NODE_ARGS:-} \
    >"$LOG/node$n.log" 2>&1 </dev/null &
  echo $! >"$RUN/node$n.pid"
}

write_haproxy_config() {
  local n
  {
    cat <<EOF
# Generated by scripts/cluster.sh: HAProxy in front of the tabiya nodes.
global
  maxconn 9000

defaults
  mode http
  option forwardfor
  timeout connect 5s
  timeout http-request 10s
  timeout client 60s
  timeout server 60s
  # Once a WebSocket is upgraded, only the tunnel timeout applies: the nodes ping every few seconds.
  timeout tunnel 1h
  timeout client-fin 10s

frontend tabiya
  bind 127.0.0.1:$PORT
  default_backend nodes

backend nodes
  balance $BALANCE
  hash-type consistent
  option httpchk
  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host localhost:$PORT
  http-check expect status 200
EOF
    for ((n = 1; n <= NODES; n++)); do
      echo "  server node$n 127.0.0.1:$(node_port "$n") check inter 2s fall 2 rise 1"
    done
  } >"$DIR/haproxy.cfg"
}

start_haproxy() {
  alive haproxy && return 0
  echo "cluster: HAProxy on http://localhost:$PORT"
  haproxy -c -q -f "$DIR/haproxy.cfg" || die "HAProxy refuses $DIR/haproxy.cfg"
  setsid haproxy -W -db -f "$DIR/haproxy.cfg" >"$LOG/haproxy.log" 2>&1 </dev/null &
  echo $! >"$RUN/haproxy.pid"
  wait_for_port "$PORT" HAProxy
}

all_running() {
  local n
  alive redis && alive haproxy || return 1
  as_pg_user "$(pg_bin)/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1 || return 1
  for ((n = 1; n <= NODES; n++)); do alive "node$n" || return 1; done
}

start() {
  mkdir -p "$RUN" "$LOG"
  if all_running; then
    echo "cluster: running already: open http://localhost:$PORT (make cluster-stop stops it)"
    return 0
  fi
  bash "$ROOT/scripts/install-deps.sh"
  if [[ ${CLUSTER_BUILD:-1} != 0 ]]; then
    bash "$ROOT/scripts/build.sh" release tabiya
    bash "$ROOT/web/build.sh"
  fi
  [[ -x "$TABIYA" && -f "$ROOT/web/dist/index.html" ]] || die "$TABIYA or web/dist is missing (run without CLUSTER_BUILD=0)"
  start_postgres
  "$TABIYA" db migrate "$DB_URL" >"$LOG/migrate.log" 2>&1 || die "tabiya db migrate failed: see $LOG/migrate.log"
  start_redis
  local n
  for ((n = 1; n <= NODES; n++)); do start_node "$n"; done
  for ((n = 1; n <= NODES; n++)); do wait_for_port "$(node_port "$n")" "node $n"; done
  write_haproxy_config
  start_haproxy
  echo "tabiya: open http://localhost:$PORT  (nodes behind HAProxy: $NODES, $BALANCE; make cluster-stop stops them)"
}

# SIGTERM, then up to $2 seconds (default 15) for the process to end.
stop_pid() {
  local name=$1 seconds=${2:-15} pid i
  alive "$name" || {
    rm -f "$RUN/$name.pid"
    return 0
  }
  pid=$(cat "$RUN/$name.pid")
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < seconds * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && echo "cluster: $name (pid $pid) did not stop within $seconds s" >&2 && return 1
  rm -f "$RUN/$name.pid"
}

stop() {
  local n failed=0
  echo "cluster: stopping (the data stays in $DIR)"
  stop_pid haproxy || failed=1
  # The nodes drain together (each stores what is pending and closes its sockets), before their store and bus go.
  local names=()
  for n in "$RUN"/node*.pid; do
    [[ -e "$n" ]] && alive "$(basename "$n" .pid)" && kill -TERM "$(cat "$n")" 2>/dev/null && names+=("$(basename "$n" .pid)")
  done
  for n in "${names[@]}"; do stop_pid "$n" 120 || failed=1; done
  if ((failed != 0)); then
    die "a node is still running: PostgreSQL and Redis stay up for it (run make cluster-stop again)"
  fi
  stop_pid redis || failed=1
  if [[ -f "$PG_DIR/data/PG_VERSION" ]] &&
    as_pg_user "$(pg_bin)/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1; then
    as_pg_user "$(pg_bin)/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null || failed=1
  fi
  ((failed == 0)) || die "some parts did not stop"
  echo "cluster: stopped"
}

status() {
  local n
  mkdir -p "$RUN"
  if [[ -f "$PG_DIR/data/PG_VERSION" ]] && as_pg_user "$(pg_bin)/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1; then
    echo "postgresql  running  127.0.0.1:$PG_PORT"
  else
    echo "postgresql  stopped"
  fi
  if alive redis; then echo "redis       running  127.0.0.1:$REDIS_PORT"; else echo "redis       stopped"; fi
  for ((n = 1; n <= NODES; n++)); do
    if alive "node$n"; then echo "node$n       running  127.0.0.1:$(node_port "$n")"; else echo "node$n       stopped"; fi
  done
  if alive haproxy; then echo "haproxy     running  http://localhost:$PORT"; else echo "haproxy     stopped"; fi
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) die "usage: scripts/cluster.sh start|stop|status" ;;
esac
