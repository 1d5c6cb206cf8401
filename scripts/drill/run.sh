#!/usr/bin/env bash
# The deploy drill: follows docs/operations.md as an operator would, block by block, on this
# machine, with the shipped deploy/ files. Only the blocks marked <!-- drill: NAME --> are
# run, each command as written; a section the drill covers may hold no unmarked shell block.
# Commands an operator's machine has and this one cannot run (systemctl without systemd,
# apt-get, git clone of the docs' "…", the download of NodeSource's set-up script) are
# stand-ins in scripts/drill/bin, first on PATH. Lines marked "# PostgreSQL only" are
# skipped: the drill installs on SQLite.
# It uses the docs' real paths (/srv/fillway, /etc/fillway, the user fillway, nginx's
# sites-enabled) and removes them after: run it on a throw-away machine or container.
#   npm run drill                 stops at the first step that fails
#   DRILL_KEEP_GOING=1 npm run drill   runs every step and lists all that failed
set -u
REPO=$(cd "$(dirname "$0")/../.." && pwd)
DOC=$REPO/docs/operations.md
BIN=$REPO/scripts/drill/bin
WORK=$(mktemp -d /tmp/fillway-drill.XXXXXX)
export DRILL_REPO=$REPO DRILL_RUN_DIR=$WORK/run
KEEP=${DRILL_KEEP_GOING:-0}
FAILED=()
RESULTS=()

say() { printf '\n== %s\n' "$*"; }
die() { echo "drill: $*" >&2; exit 2; }

[[ $(id -u) == 0 ]] || die "runs as root on a throw-away machine (it installs under /srv and /etc)"
for p in /srv/fillway /etc/fillway /etc/nginx/sites-enabled/fillway; do
  [[ -e $p ]] && die "$p exists: the drill installs there and removes it after, so it will not run over it"
done
id fillway >/dev/null 2>&1 && die "the user fillway exists already"
pgrep -x nginx >/dev/null && die "nginx is running already: the drill starts and stops it"

cleanup() {
  say "cleaning up"
  for f in "$WORK"/run/*.pid; do
    [[ -e $f ]] || continue
    u=$(basename "$f" .pid); PATH=$BIN:$PATH systemctl stop "$u"
  done
  pgrep -x nginx >/dev/null && nginx -s quit
  rm -rf /srv/fillway /etc/fillway /etc/nginx/sites-enabled/fillway
  rm -f /etc/systemd/system/fillway@.service /etc/systemd/system/fillway-backup.service /etc/systemd/system/fillway-backup.timer
  id fillway >/dev/null 2>&1 && { userdel fillway 2>/dev/null; groupdel fillway 2>/dev/null; }
  [[ ${DRILL_KEEP_LOGS:-0} == 1 ]] && echo "logs kept in $WORK" || rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# The settings an operator fills in after "install … fillway.env   # then fill it in".
fill_env() {
  cat >/etc/fillway/fillway.env <<ENV
SITE_URL=http://127.0.0.1:8080
TRUST_PROXY=true
IP_HASH_SALT=drill-salt-$(openssl rand -hex 12)
METRICS_TOKEN=$(openssl rand -hex 16)
SHUTDOWN_DELAY_SECONDS=0
MAIL_FROM="Fillway <noreply@fillway.com>"
ENV
}

# Runs one marked block command by command (a command is the shortest run of lines that
# parses), in one shell so that cd and exported settings carry on as in a terminal.
run_block() {
  local name=$1 text script=$WORK/$1.sh cmd="" n=0 line
  text=$(node "$REPO/scripts/drill/blocks.mjs" "$DOC" get "$name") || { FAILED+=("$name: block not found"); return 1; }
  {
    echo "failed=0"
    while IFS= read -r line || [[ -n $line ]]; do
      cmd+="$line"$'\n'
      bash -n <<<"$cmd" 2>/dev/null || continue
      [[ -z ${cmd//[[:space:]]/} ]] && { cmd=""; continue; }
      n=$((n + 1))
      # The drill installs on SQLite: what the page says is for PostgreSQL only is skipped.
      if [[ $cmd == *"# PostgreSQL only"* ]]; then
        printf 'printf "\\n- [%s %d] skipped (PostgreSQL only): %%s\\n" %q\n' "$name" "$n" "${cmd%$'\n'}"
        cmd=""
        continue
      fi
      printf 'printf "\\n+ [%s %d] %%s\\n" %q\n' "$name" "$n" "${cmd%$'\n'}"
      printf '{\n%s}\nrc=$?\n' "$cmd"
      printf 'if ((rc)); then echo "drill: [%s %d] exited $rc" >&2; echo %q >>%q; failed=1; ((%d)) || exit 1; fi\n' \
        "$name" "$n" "[$name $n] ${cmd%%$'\n'*}" "$WORK/failed" "$KEEP"
      if [[ $cmd == *"fill it in"* ]]; then echo "$(declare -f fill_env)"; echo 'fill_env || { echo "drill: could not fill in /etc/fillway/fillway.env" >&2; failed=1; ((KEEP)) || exit 1; }'; fi
      cmd=""
    done <<<"$text"
    [[ -n ${cmd//[[:space:]]/} ]] && echo 'echo "drill: the block ends inside an unfinished command" >&2; exit 1'
    echo 'exit $failed'
  } >"$script"
  (cd /root && KEEP=$KEEP PATH=$BIN:$PATH bash "$script")
}

wait_ready() { # PORT SECONDS
  local t=$2
  until curl -fsS "http://127.0.0.1:$1/readyz" >/dev/null 2>&1; do
    ((t-- > 0)) || return 1
    PATH=$BIN:$PATH systemctl is-active "fillway@$1" || return 1 # not running: no use waiting
    sleep 1
  done
}

step_fail() { FAILED+=("$1"); echo "drill: FAILED: $1" >&2; ((KEEP)) || finish 1; }

finish() {
  [[ -f $WORK/failed ]] && while IFS= read -r l; do FAILED+=("$l"); done <"$WORK/failed"
  mkdir -p "$REPO/bench"
  node -e '
    const [file, md, results, failed] = process.argv.slice(1);
    const r = Object.fromEntries(JSON.parse(results));
    const out = { date: new Date().toISOString(), machine: require("node:os").cpus().length + " cores", ...r, failed: JSON.parse(failed) };
    require("node:fs").writeFileSync(file, JSON.stringify(out, null, 2) + "\n");
    const lines = ["# Deploy drill (`npm run drill`)", "", "The operations page followed block by block on Debian 12 (`scripts/drill/run.sh`).", "",
      "| Scenario | Figure |", "| --- | --- |", ...Object.entries(r).map(([k, v]) => `| ${k} | ${JSON.stringify(v)} |`), "",
      out.failed.length ? "Steps that failed:\n\n" + out.failed.map((f) => `- ${f}`).join("\n") : "Every step passed.", ""];
    require("node:fs").writeFileSync(md, lines.join("\n"));
  ' "$REPO/bench/drill.json" "$REPO/bench/drill.md" \
    "$(printf '%s\n' "${RESULTS[@]}" | node -e 'const l=require("fs").readFileSync(0,"utf8").split("\n").filter(Boolean);console.log(JSON.stringify(l.map(x=>{const i=x.indexOf("=");return [x.slice(0,i),JSON.parse(x.slice(i+1))]})))')" \
    "$(printf '%s\n' "${FAILED[@]}" | node -e 'console.log(JSON.stringify(require("fs").readFileSync(0,"utf8").split("\n").filter(Boolean)))')"
  if ((${#FAILED[@]})); then
    say "the drill FAILED: the operations page does not work as written at"
    printf '  - %s\n' "${FAILED[@]}"
    exit 1
  fi
  say "the drill passed"
  exit 0
}

say "checking the marks in $DOC"
node "$REPO/scripts/drill/blocks.mjs" "$DOC" check "The files in \`deploy/\`" || step_fail "unmarked shell blocks in the sections the drill covers"

# (a) install and first start on SQLite, by "The files in deploy/"; the site answers on
# nginx with the shipped config.
say "(a) install and first start on SQLite"
start=$(date +%s)
run_block install
for p in 3001; do # SQLite: one instance
  wait_ready $p 120 || { step_fail "(a) fillway@$p is not running, or not ready within 120 s of the install (log: $(tail -n 3 "$WORK/run/fillway@$p.log" 2>/dev/null | tr '\n' ' '))"; }
done
home=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8080/)
[[ $home == 200 ]] || step_fail "(a) the home page through nginx answered $home, not 200"
code=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8080/metrics)
[[ $code == 404 ]] || step_fail "(a) /metrics through nginx answered $code, not 404"
owner=$(stat -c %U /srv/fillway/data/fillway.db 2>/dev/null || echo missing)
[[ $owner == fillway ]] || step_fail "(a) the database /srv/fillway/data/fillway.db is owned by $owner, not the service user fillway"
RESULTS+=("install_seconds=$(($(date +%s) - start))")
RESULTS+=("install_home_status=\"$home\"")

finish 0
