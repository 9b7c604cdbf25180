#!/usr/bin/env bash
# Installs what `npm run test:vscode` drives: a real VS Code (code-server, the VS Code workbench
# and its Node extension host, from the npm registry) and Debian's Chromium with the system
# packages code-server's native modules need. Everything lands in the git-ignored `.vscode-test/`
# of the repository; caches and temporary files too. A second run only checks and returns.
#
#   bash test/vscode/install.sh        (npm run install:vscode)
#
# Network: Debian's apt and the npm registry only.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HOME_DIR="$ROOT/.vscode-test"
PREFIX="$HOME_DIR/code-server"
# 4.100.3 (VS Code 1.100.3) is the newest code-server that runs on Node 20: 4.103 needs Node 22.
CODE_SERVER_VERSION=4.100.3
STAMP="$PREFIX/installed-version"
APT_PACKAGES=(chromium ripgrep libkrb5-dev fonts-noto-color-emoji)

started=$SECONDS
say() { echo "install:vscode: $*"; }
# The npm steps' output (native builds are chatty) goes to a log, shown in part when a step fails.
LOG="$HOME_DIR/install.log"
quietly() {
  if ! "$@" >>"$LOG" 2>&1; then
    tail -n 40 "$LOG" >&2
    say "failed: $* (the whole output is in $LOG)" >&2
    exit 1
  fi
}

# System packages: chromium is the browser; ripgrep stands in for @vscode/ripgrep's download from
# GitHub; libkrb5-dev has the headers the kerberos module builds against; the emoji font draws
# emoji in screenshots instead of boxes.
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  say "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$CODE_SERVER_VERSION" ] &&
  [ -x "$PREFIX/node_modules/.bin/code-server" ]; then
  say "code-server $CODE_SERVER_VERSION is installed in $PREFIX ($((SECONDS - started)) s)"
  exit 0
fi

say "installing code-server $CODE_SERVER_VERSION into $PREFIX"
rm -rf "$PREFIX"
mkdir -p "$PREFIX" "$HOME_DIR/cache/npm" "$HOME_DIR/tmp"
: >"$LOG"
# Caches and temporary files stay inside the repository: npm's cache, and TMPDIR, which also
# holds @vscode/ripgrep's download cache.
export npm_config_cache="$HOME_DIR/cache/npm"
export TMPDIR="$HOME_DIR/tmp"
# unsafe_perm: code-server's install script refuses to run as root without it.
# yes: node-pty's install runs `npx node-gyp`, which a machine-wide `yes=false` would cancel.
# strict_allow_scripts: npm runs only the install scripts listed in allowScripts (below and in
# code-server's VS Code folder) and fails on any other, instead of skipping it quietly.
export npm_config_unsafe_perm=true npm_config_yes=true npm_config_strict_allow_scripts=true
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

# The install scripts this folder allows: code-server's own (it installs VS Code's dependencies)
# and argon2's (a native module code-server loads at start).
cat >"$PREFIX/package.json" <<EOF
{
  "private": true,
  "dependencies": { "code-server": "$CODE_SERVER_VERSION" },
  "allowScripts": { "code-server": true, "argon2": true }
}
EOF

# First without any install script, so that VS Code's folder can get its own allowScripts before
# code-server's install script runs `npm install` there.
(cd "$PREFIX" && quietly npm install --ignore-scripts --no-package-lock)
vscode_dir="$PREFIX/node_modules/code-server/lib/vscode"

# VS Code's native modules that run on Linux build from source with node-gyp against the
# machine's Node headers (their prebuilt downloads come from GitHub, which is out of reach); the
# two Windows-only modules are declined. The built-in extensions' folder only lists scripts of
# development dependencies, which `--omit=dev` leaves out: declined too.
node - "$vscode_dir" <<'EOF'
const fs = require('node:fs');
const path = require('node:path');
const allow = (folder, allowScripts) => {
  const file = path.join(process.argv[2], folder, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ ...pkg, allowScripts }, null, 2) + '\n');
};
allow('.', {
  '@parcel/watcher': true,
  '@vscode/deviceid': true,
  '@vscode/ripgrep': true,
  '@vscode/spdlog': true,
  kerberos: true,
  'native-watchdog': true,
  'node-pty': true,
  '@vscode/windows-process-tree': false,
  '@vscode/windows-registry': false,
});
allow('extensions', { '@parcel/watcher': false, esbuild: false });
EOF

# @vscode/ripgrep's install script downloads rg from GitHub unless its cache (a folder named
# after the package's version in TMPDIR) holds the release asset: put Debian's rg there, the
# same ripgrep 13.0.0 that asset carries.
rg_version="$(node -p "require(process.argv[1]).packages['node_modules/@vscode/ripgrep'].version" "$vscode_dir/npm-shrinkwrap.json")"
case "$(uname -m)" in
  x86_64) rg_target=x86_64-unknown-linux-musl ;;
  aarch64) rg_target=aarch64-unknown-linux-musl ;;
  *) say "no ripgrep asset name known for $(uname -m)" >&2; exit 1 ;;
esac
rg_cache="$TMPDIR/vscode-ripgrep-cache-$rg_version"
rm -rf "$rg_cache" && mkdir -p "$rg_cache/bin"
cp "$(command -v rg)" "$rg_cache/bin/rg"
tar czf "$rg_cache/ripgrep-v13.0.0-10-$rg_target.tar.gz" -C "$rg_cache/bin" rg
rm -rf "$rg_cache/bin"

# Now the allowed install scripts: argon2's build and code-server's, which installs VS Code's
# dependencies and its built-in extensions' dependencies.
(cd "$PREFIX" && quietly npm rebuild --foreground-scripts)

# Not `code-server --version`: without --config it writes a default config with a password into
# ~/.config/code-server.
vscode_version="$(node -p "require(process.argv[1]).version" "$vscode_dir/package.json")"
echo "$CODE_SERVER_VERSION" >"$STAMP"
rm -rf "$TMPDIR"
say "code-server $CODE_SERVER_VERSION (VS Code $vscode_version) installed in $((SECONDS - started)) s;" \
  "$(du -sh "$HOME_DIR" | cut -f1) in $HOME_DIR"
