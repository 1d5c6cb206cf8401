#!/usr/bin/env bash
# The deploy drill: follows docs/operations.md as an operator would, block by block, on this
# machine, with the shipped deploy/ files. Only the blocks marked <!-- drill: NAME --> are
# run, each command as written; a section the drill covers may hold no unmarked shell block.
# Commands an operator's machine has and this one cannot run (systemctl without systemd,
# apt-get, git clone of the docs' "…", the download of NodeSource's set-up script) are
# stand-ins in scripts/drill/bin, first on PATH. It installs on SQLite, where lines marked
# "# PostgreSQL only" are skipped, or with DRILL_DB=postgres on PostgreSQL: three instances
# behind the shipped nginx behind a second nginx terminating TLS (the load balancer), lead
# posts coming at 150 a second while the instances restart.
# It uses the docs' real paths (/srv/fillway, /etc/fillway, the user fillway, nginx's
# sites-enabled) and removes them after: run it on a throw-away machine or container.
# It installs the previous release (DRILL_PREVIOUS, a commit of this repository), upgrades to
# this checkout's HEAD by "Upgrading", restores after a lost disk by "Restore", and goes back
# by "Upgrading" again; DRILL_LEADS=N adds N generated leads before the restore's backup
# (DRILL_LEADS=1000000 times the restore of a million leads).
#   npm run drill                 stops at the first step that fails
#   DRILL_KEEP_GOING=1 npm run drill   runs every step and lists all that failed
set -u
# bash reads a script as it runs it: run from a copy, so that the pull and checkouts below
# (or an edit) cannot change the drill under way.
if [[ -z ${DRILL_FROM_COPY:-} ]]; then
  copy=$(mktemp /tmp/fillway-drill-run.XXXXXX)
  cp "$0" "$copy"
  DRILL_FROM_COPY=$(cd "$(dirname "$0")/../.." && pwd) exec bash "$copy" "$@"
fi
rm -f "$0"
REPO=$DRILL_FROM_COPY
DOC=$REPO/docs/operations.md
BIN=$REPO/scripts/drill/bin
WORK=$(mktemp -d /tmp/fillway-drill.XXXXXX)
# The release before this one: the drill installs it, then upgrades to HEAD.
PREVIOUS=${DRILL_PREVIOUS:-4daeb32}
LEADS=${DRILL_LEADS:-0}
DB=${DRILL_DB:-sqlite}
RATE=${DRILL_RATE:-150}
export DRILL_REPO=$REPO DRILL_RUN_DIR=$WORK/run DRILL_FROM=$PREVIOUS DRILL_DB=$DB
KEEP=${DRILL_KEEP_GOING:-0}
FAILED=()
RESULTS=()

say() { printf '\n== %s\n' "$*"; }
die() { echo "drill: $*" >&2; exit 2; }

[[ $DB == sqlite || $DB == postgres ]] || die "DRILL_DB is sqlite or postgres, not $DB"
[[ $(id -u) == 0 ]] || die "runs as root on a throw-away machine (it installs under /srv and /etc)"
git -C "$REPO" rev-parse --verify --quiet "$PREVIOUS^{commit}" >/dev/null || die "DRILL_PREVIOUS=$PREVIOUS is not a commit of $REPO"
for p in /srv/fillway /etc/fillway /etc/nginx/sites-enabled/fillway /root/restore; do
  [[ -e $p ]] && die "$p exists: the drill installs there and removes it after, so it will not run over it"
done
id fillway >/dev/null 2>&1 && die "the user fillway exists already"
if [[ $DB == postgres ]] && pg_lsclusters -h 2>/dev/null | awk '$4 == "online"' | grep -q . &&
  su postgres -c "psql -Atc \"SELECT 1 FROM pg_roles WHERE rolname = 'fillway'\"" 2>/dev/null | grep -q 1; then
  die "PostgreSQL has a role fillway already: the drill makes it and drops it after"
fi
mkdir -p "$WORK/run"
pgrep -x nginx >/dev/null && die "nginx is running already: the drill starts and stops it"

cleanup() {
  say "cleaning up"
  for f in "$WORK"/run/*.pid; do
    [[ -e $f ]] || continue
    u=$(basename "$f" .pid); PATH=$BIN:$PATH systemctl stop "$u"
  done
  pgrep -x nginx >/dev/null && nginx -s quit
  [[ -f $WORK/front/nginx.pid ]] && nginx -c "$WORK/front/nginx.conf" -s quit
  if [[ -f $WORK/run/postgresql-started ]]; then
    su postgres -c "psql -qc 'DROP DATABASE IF EXISTS fillway' -c 'DROP ROLE IF EXISTS fillway'" 2>/dev/null
    read -r ver cluster <"$WORK/run/postgresql-started"
    [[ $ver == - ]] || pg_ctlcluster "$ver" "$cluster" stop
  fi
  rm -rf /srv/fillway /etc/fillway /etc/nginx/sites-enabled/fillway /root/restore
  rm -f /etc/systemd/system/fillway@.service /etc/systemd/system/fillway-backup.service /etc/systemd/system/fillway-backup.timer
  id fillway >/dev/null 2>&1 && { userdel fillway 2>/dev/null; groupdel fillway 2>/dev/null; }
  [[ ${DRILL_KEEP_LOGS:-0} == 1 ]] && echo "logs kept in $WORK" || rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# The settings an operator fills in after "install … fillway.env   # then fill it in".
# On PostgreSQL the site is behind the TLS terminator, and the database's password is the
# one the install block made ($pw).
fill_env() {
  if [[ $DRILL_DB == postgres ]]; then
    printf 'SITE_URL=https://localhost:8443\nTRUST_PROXY=2\nDATABASE_URL=postgres://fillway:%s@127.0.0.1:5432/fillway\n' "$pw" >/etc/fillway/fillway.env
  else
    printf 'SITE_URL=http://127.0.0.1:8080\nTRUST_PROXY=true\n' >/etc/fillway/fillway.env
  fi
  cat >>/etc/fillway/fillway.env <<ENV
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
      if [[ $DRILL_DB == sqlite && $cmd == *"# PostgreSQL only"* ]]; then
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
    const lines = ["# Deploy drill (`npm run drill`)", "", "The operations page followed block by block on Debian 12 (`scripts/drill/run.sh`), on " + r.database + ".", "",
      "| Scenario | Figure |", "| --- | --- |", ...Object.entries(r).map(([k, v]) => `| ${k} | ${JSON.stringify(v)} |`), "",
      out.failed.length ? "Steps that failed:\n\n" + out.failed.map((f) => `- ${f}`).join("\n") : "Every step passed.", ""];
    require("node:fs").writeFileSync(md, lines.join("\n"));
  ' "$REPO/bench/drill-$DB.json" "$REPO/bench/drill-$DB.md" \
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
node "$REPO/scripts/drill/blocks.mjs" "$DOC" check "The files in \`deploy/\`" Restore Upgrading || step_fail "unmarked shell blocks in the sections the drill covers"

# (a) install and first start, by "The files in deploy/"; the site answers on nginx with the
# shipped config.
say "(a) install and first start on $DB"
PORTS="3001"
[[ $DB == postgres ]] && PORTS="3001 3002 3003"
start=$(date +%s)
run_block install
for p in $PORTS; do
  wait_ready $p 120 || { step_fail "(a) fillway@$p is not running, or not ready within 120 s of the install (log: $(tail -n 3 "$WORK/run/fillway@$p.log" 2>/dev/null | tr '\n' ' '))"; }
done
home=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8080/)
[[ $home == 200 ]] || step_fail "(a) the home page through nginx answered $home, not 200"
code=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8080/metrics)
[[ $code == 404 ]] || step_fail "(a) /metrics through nginx answered $code, not 404"
if [[ $DB == sqlite ]]; then
  owner=$(stat -c %U /srv/fillway/data/fillway.db 2>/dev/null || echo missing)
  [[ $owner == fillway ]] || step_fail "(a) the database /srv/fillway/data/fillway.db is owned by $owner, not the service user fillway"
fi
RESULTS+=("database=\"$DB\"")
RESULTS+=("install_seconds=$(($(date +%s) - start))")
RESULTS+=("install_home_status=\"$home\"")
RESULTS+=("previous_release=\"$(git -C /srv/fillway rev-parse --short HEAD)\"")

SITE=http://127.0.0.1:8080
TLS=()
if [[ $DB == postgres ]]; then
  # The load balancer in front: a second nginx terminating TLS with a self-signed
  # certificate for localhost on :8443, passing the client's address, scheme and host on.
  front=$WORK/front
  mkdir -p "$front"
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$front/key.pem" -out "$front/cert.pem" -days 1 \
    -subj /CN=localhost -addext subjectAltName=DNS:localhost 2>/dev/null || step_fail "(a) openssl could not make the terminator's certificate"
  cat >"$front/nginx.conf" <<CONF
pid $front/nginx.pid;
error_log $front/error.log;
events {}
http {
  access_log off;
  client_body_temp_path $front;
  proxy_temp_path $front;
  server {
    listen 127.0.0.1:8443 ssl;
    ssl_certificate $front/cert.pem;
    ssl_certificate_key $front/key.pem;
    location / {
      proxy_pass http://127.0.0.1:8080;
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
    }
  }
}
CONF
  nginx -c "$front/nginx.conf" || step_fail "(a) the TLS terminator did not start"
  SITE=https://localhost:8443
  TLS=(--cacert "$front/cert.pem" --resolve localhost:8443:127.0.0.1)
  home=$(curl -s "${TLS[@]}" -o /dev/null -w '%{http_code}' "$SITE/")
  [[ $home == 200 ]] || step_fail "(a) the home page through the TLS terminator answered $home, not 200"
fi
ADMIN=you@fillway.com
PASSWORD="drill: correct horse battery staple 42"

# A type-1 lead posted through nginx from a client address of loopback; prints the status.
post_lead() { # EMAIL CLIENT_ADDRESS
  local body
  body=$(printf '{"submissionId":"%s","type":1,"email":"%s","firstName":"Dana","lastName":"Reyes","phone":"2145550123","zipCode":"75201","city":"Dallas","message":"Two vans parked overnight need diesel twice a week."}' \
    "$(cat /proc/sys/kernel/random/uuid)" "$1")
  curl -s "${TLS[@]}" -o /dev/null -w '%{http_code}' --interface "$2" -H 'content-type: application/json' --data "$body" "$SITE/web/form"
}
post_leads() { # PREFIX N CLIENT_ADDRESS: N leads, each answered 2xx
  local i s
  for ((i = 1; i <= $2; i++)); do
    s=$(post_lead "$1-$i@drill.test" "$3")
    [[ $s == 2?? ]] || { echo "drill: POST /web/form for $1-$i answered $s" >&2; return 1; }
  done
}
# One value from the installed database ($1, $2… in the SQL are the parameters): the SQLite
# file read-only while the server has it open, or PostgreSQL by the settings file's URL.
db_value() { # SQL [PARAMETER…]
  (cd "$REPO" && DATABASE_URL=$(sed -n 's/^DATABASE_URL=//p' /etc/fillway/fillway.env) node -e '
    const [sql, ...params] = process.argv.slice(1);
    if (process.env.DATABASE_URL) {
      const client = new (require("pg").Client)(process.env.DATABASE_URL);
      client.connect().then(() => client.query({ text: sql, values: params, rowMode: "array" })).then((r) => {
        console.log(r.rows[0]?.[0] ?? "");
        return client.end();
      });
    } else {
      const db = new (require("better-sqlite3"))("/srv/fillway/data/fillway.db", { readonly: true, fileMustExist: true });
      console.log(db.prepare(sql.replace(/\$\d+/g, "?")).pluck().get(...params) ?? "");
    }
  ' "$@")
}
# Visitors posting leads at RATE a second through the site's front while a block runs; then
# every lead answered 2xx must be stored, and none answered otherwise.
with_visitors() { # NAME BLOCK
  local out=$WORK/visitors-$1.json pid
  (cd "$REPO" && exec node scripts/drill/load.mjs "$SITE/web/form" "$RATE" "visitors-$1" "$out" ${TLS:+"$WORK/front/cert.pem"}) &
  pid=$!
  sleep 3
  run_block "$2" >&2 || { kill -TERM "$pid"; wait "$pid"; return 1; }
  for p in $PORTS; do wait_ready "$p" 120 || { kill -TERM "$pid"; wait "$pid"; return 1; }; done
  sleep 3
  kill -TERM "$pid"
  wait "$pid"
  (cd "$REPO" && DATABASE_URL=$(sed -n 's/^DATABASE_URL=//p' /etc/fillway/fillway.env) node -e '
    const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
    const ok = r.acknowledged.length;
    const others = Object.entries(r.statuses).filter(([k]) => !/^2\d\d$/.test(k));
    const done = (stored) => {
      const missing = r.acknowledged.filter((e) => !stored.has(e)).length;
      console.log(JSON.stringify({ sent: r.sent, acknowledged: ok, not_2xx: others.reduce((n, [, v]) => n + v, 0), answers: r.statuses, acknowledged_missing: missing }));
    };
    const sql = "SELECT email FROM leads WHERE email LIKE $1";
    const like = `${process.argv[2]}-%`;
    if (process.env.DATABASE_URL) {
      const client = new (require("pg").Client)(process.env.DATABASE_URL);
      client.connect().then(() => client.query(sql, [like])).then((q) => { done(new Set(q.rows.map((x) => x.email))); return client.end(); });
    } else {
      const db = new (require("better-sqlite3"))("/srv/fillway/data/fillway.db", { readonly: true });
      done(new Set(db.prepare(sql.replace("$1", "?")).pluck().all(like)));
    }
  ' "$out" "visitors-$1")
}
visitors_ok() { [[ $1 == *'"not_2xx":0,'* && $1 == *'"acknowledged_missing":0}' ]]; }
# The restart loop of "Upgrading"; on PostgreSQL with visitors coming all the while.
restart_instances() { # SCENARIO NAME
  local got
  if [[ $DB == sqlite ]]; then
    run_block restart || step_fail "$1 the restart loop stopped"
    return
  fi
  got=$(with_visitors "$2" restart) || step_fail "$1 the restart loop stopped"
  RESULTS+=("$2_visitors=$got")
  visitors_ok "$got" || step_fail "$1 visitors during the restart: $got"
}
# A command in the installation's folder with its settings sourced, as root (as the docs run npm run desk).
in_app() { (cd /srv/fillway && set -a && . /etc/fillway/fillway.env && set +a && "$@"); }
# The desk's sign-in through nginx with the password, then the authenticator's code: prints
# the three answers (password step, code step, the desk's page).
sign_in() { # SECRET [SECONDS]
  local jar code a b c
  jar=$(mktemp)
  a=$(curl -s "${TLS[@]}" -c "$jar" -b "$jar" -o /dev/null -w '%{http_code} %{redirect_url}' -H "origin: $SITE" -H 'sec-fetch-site: same-origin' \
    --data-urlencode "email=$ADMIN" --data-urlencode "password=$PASSWORD" "$SITE/desk/sign-in")
  code=$(cd "$REPO" && node --import tsx scripts/drill/two-factor.ts code "$1" "${2:-0}")
  b=$(curl -s "${TLS[@]}" -c "$jar" -b "$jar" -o /dev/null -w '%{http_code} %{redirect_url}' -H "origin: $SITE" -H 'sec-fetch-site: same-origin' \
    --data-urlencode intent=code --data-urlencode "code=$code" "$SITE/desk/sign-in")
  c=$(curl -s "${TLS[@]}" -b "$jar" -o /dev/null -w '%{http_code}' "$SITE/desk")
  rm -f "$jar"
  echo "$a | $b | $c"
}
SIGNED_IN="302 $SITE/desk/sign-in | 302 $SITE/desk | 200"

# (b) the upgrade from the previous release to this one, by "Upgrading": the pull and the
# backup, then the restart loop; the leads taken before are there, new ones are taken.
say "(b) upgrade from $PREVIOUS to this checkout"
post_leads before-upgrade 3 127.0.0.2 || step_fail "(b) the previous release did not take leads"
before=$(db_value "SELECT count(*) FROM kysely_migration")
start=$(date +%s)
run_block upgrade || step_fail "(b) the upgrade's pull, build and backup failed"
[[ $(git -C /srv/fillway rev-parse HEAD) == $(git -C "$REPO" rev-parse HEAD) ]] || step_fail "(b) /srv/fillway is not at this checkout's HEAD after the pull"
restart_instances "(b)" upgrade
for p in $PORTS; do wait_ready "$p" 120 || step_fail "(b) fillway@$p is not ready after the upgrade"; done
RESULTS+=("upgrade_seconds=$(($(date +%s) - start))")
after=$(db_value "SELECT count(*) FROM kysely_migration")
((after > before)) || step_fail "(b) no migration ran in the upgrade ($before before, $after after)"
RESULTS+=("upgrade_migrations_applied=$((after - before))")
n=$(db_value "SELECT count(*) FROM leads WHERE email LIKE 'before-upgrade-%'")
[[ $n == 3 ]] || step_fail "(b) $n of the 3 leads taken before the upgrade are there after it"
post_leads after-upgrade 3 127.0.0.2 || step_fail "(b) the upgraded site did not take leads"

secret=$(in_app node --import tsx "$REPO/scripts/drill/two-factor.ts" enrol "$ADMIN" "$PASSWORD") || step_fail "(b) could not turn two-factor sign-in on for $ADMIN"
got=$(sign_in "$secret")
[[ $got == "$SIGNED_IN" ]] || step_fail "(b) two-factor sign-in through the front: $got (want $SIGNED_IN)"

# (c) a lost disk (SQLite): the data folder (database, key file, backups) gone; the operator
# puts back the key file and the newest backup from their copies off the machine, by "Restore".
if [[ $DB == sqlite ]]; then
say "(c) restore after a lost disk"
s=$(post_lead hash-before@drill.test 127.0.0.3)
[[ $s == 2?? ]] || step_fail "(c) POST /web/form answered $s"
hash_before=$(db_value 'SELECT ip_hash FROM leads WHERE email = $1' hash-before@drill.test)
[[ -n $hash_before ]] || step_fail "(c) the lead from 127.0.0.3 has no address hash"
if ((LEADS > 0)); then
  # A site with LEADS more leads: generated with the server stopped, as the service's files.
  PATH=$BIN:$PATH systemctl stop fillway@3001
  (cd "$REPO" && node --import tsx scripts/seed-leads.ts --count "$LEADS" --db /srv/fillway/data/fillway.db) || step_fail "(c) could not add $LEADS leads"
  chown -R fillway:fillway /srv/fillway/data
  PATH=$BIN:$PATH systemctl start fillway@3001
  wait_ready 3001 300 || step_fail "(c) fillway@3001 is not ready with $LEADS more leads"
fi
run_block backup || step_fail "(c) the backup block failed"
leads_backed_up=$(db_value "SELECT count(*) FROM leads")
# A restore on a working machine first: what came after the backup goes, and the database
# as it was is kept aside.
s=$(post_lead after-backup@drill.test 127.0.0.2)
[[ $s == 2?? ]] || step_fail "(c) POST /web/form answered $s"
start=$(date +%s)
run_block restore || step_fail "(c) the restore block failed"
wait_ready 3001 600 || step_fail "(c) fillway@3001 is not ready after the restore"
RESULTS+=("restore_in_place_seconds=$(($(date +%s) - start))")
n=$(db_value "SELECT count(*) FROM leads")
[[ $n == "$leads_backed_up" ]] || step_fail "(c) $n leads after the restore in place, $leads_backed_up in the backup"
ls /srv/fillway/data/fillway.before-restore-*.db >/dev/null 2>&1 || step_fail "(c) the restore kept no copy of the database as it was"
RESULTS+=("restore_leads=$leads_backed_up")
newest=$(ls /srv/fillway/data/backups/fillway-*.db | tail -n 1)
RESULTS+=("restore_backup_mb=$(($(stat -c %s "$newest") / 1048576))")
# The operator's copies, kept off the machine: the key file once, the backups as they come.
install -d -m 700 /root/restore
cp -p /srv/fillway/data/fillway.db.key "$newest" "$newest.seal" /root/restore/
# The disk dies.
PATH=$BIN:$PATH systemctl stop fillway@3001
rm -rf /srv/fillway/data
start=$(date +%s)
run_block restore-lost-disk || step_fail "(c) the restore after a lost disk failed"
wait_ready 3001 600 || step_fail "(c) fillway@3001 is not ready after the restore"
RESULTS+=("restore_seconds=$(($(date +%s) - start))")
rm -rf /root/restore
n=$(db_value "SELECT count(*) FROM leads")
[[ $n == "$leads_backed_up" ]] || step_fail "(c) $n leads after the restore, $leads_backed_up in the backup"
owner=$(stat -c '%U %a' /srv/fillway/data/fillway.db)
[[ $owner == "fillway 600" || $owner == "fillway 640" ]] || step_fail "(c) the restored database is '$owner', not the service user's and private"
got=$(sign_in "$secret" 30)
[[ $got == "$SIGNED_IN" ]] || step_fail "(c) two-factor sign-in after the restore: $got (want $SIGNED_IN)"
RESULTS+=("restore_two_factor_sign_in=\"$got\"")
s=$(post_lead hash-after@drill.test 127.0.0.3)
[[ $s == 2?? ]] || step_fail "(c) POST /web/form after the restore answered $s"
hash_after=$(db_value 'SELECT ip_hash FROM leads WHERE email = $1' hash-after@drill.test)
[[ $hash_after == "$hash_before" ]] || step_fail "(c) the same client's address hash changed across the restore ($hash_before, $hash_after)"
RESULTS+=("restore_address_hash_kept=$([[ $hash_after == "$hash_before" ]] && echo true || echo false)")
fi

# (d) going back to the previous release on the upgraded (and restored) database, by
# "Upgrading": the previous build starts beside the newer migrations, every lead is there.
say "(d) roll back to $PREVIOUS"
start=$(date +%s)
run_block rollback || step_fail "(d) the rollback's checkout and build failed"
[[ $(git -C /srv/fillway rev-parse HEAD) == $(git -C "$REPO" rev-parse "$PREVIOUS^{commit}") ]] || step_fail "(d) /srv/fillway is not at $PREVIOUS after the rollback"
restart_instances "(d)" rollback
wait_ready 3001 120 || step_fail "(d) the previous release is not ready on the upgraded database (log: $(tail -n 3 "$WORK/run/fillway@3001.log" | tr '\n' ' '))"
RESULTS+=("rollback_seconds=$(($(date +%s) - start))")
n=$(db_value "SELECT count(*) FROM leads WHERE email LIKE 'after-upgrade-%' OR email LIKE 'hash-%'")
want=5
[[ $DB == postgres ]] && want=3
[[ $n == "$want" ]] || step_fail "(d) $n of the $want leads taken since the upgrade are there after going back"
post_leads after-rollback 3 127.0.0.2 || step_fail "(d) the previous release did not take leads after going back"
got=$(sign_in "$secret" 30)
[[ $got == "$SIGNED_IN" ]] || step_fail "(d) two-factor sign-in after going back: $got (want $SIGNED_IN)"
RESULTS+=("rollback_two_factor_sign_in=\"$got\"")
RESULTS+=("rollback_leads_since_upgrade_kept=$n")

finish 0
