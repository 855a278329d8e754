#!/usr/bin/env bash
# Installs the Debian packages LeadReel needs, only those missing, only with apt-get when root.
# Usage: system-deps.sh start|test   (start: what serving needs; test: also the browser and PostgreSQL 15)
set -euo pipefail
mode=${1:-start}

# package name -> a file that exists once it is installed
declare -A probe=(
  [ffmpeg]=/usr/bin/ffmpeg
  [fonts-noto-cjk]=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
  # The local speech engines (README, "Speech engines"): speech to text, translation, text to speech.
  [pocketsphinx]=/usr/bin/pocketsphinx_continuous
  [pocketsphinx-en-us]=/usr/share/pocketsphinx/model/en-us/en-us.lm.bin
  [apertium]=/usr/bin/apertium
  [apertium-eng-spa]=/usr/share/apertium/modes/eng-spa.mode
  [espeak-ng]=/usr/bin/espeak-ng
  [flite]=/usr/bin/flite
  # SVG images of the materials library: ffmpeg cannot read SVG, rsvg-convert renders it to PNG.
  [librsvg2-bin]=/usr/bin/rsvg-convert
)
if [ "$mode" = test ]; then
  probe[chromium]=/usr/bin/chromium
  probe[postgresql-15]=/usr/lib/postgresql/15/bin/initdb
  # The Nu HTML checker (vnu-jar) runs on Java; any java already on PATH will do.
  command -v java >/dev/null 2>&1 || probe[default-jre-headless]=/usr/bin/java
  # The HTTPS test (apps/server/test/tls) runs the real Caddy against Pebble, an ACME test authority, and
  # makes Pebble's own certificate with openssl. Serving needs none of them: operators run their own Caddy.
  probe[caddy]=/usr/bin/caddy
  probe[pebble]=/usr/bin/pebble
  probe[openssl]=/usr/bin/openssl
fi

missing=()
for pkg in "${!probe[@]}"; do
  [ -e "${probe[$pkg]}" ] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: missing Debian packages: ${missing[*]}" >&2
  echo "system-deps: install them as root with: apt-get install -y ${missing[*]}" >&2
  # Serving works without them until videos arrive; tests cannot.
  [ "$mode" = test ] && exit 1 || exit 0
fi

echo "system-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if [[ " ${missing[*]} " == *" caddy "* ]] && [ ! -e /etc/systemd/system/caddy.service ]; then
  # Debian's caddy enables and starts a service on 80 and 443 with its own Caddyfile; the tests start Caddy
  # themselves on free ports. Masked first, it never starts on a machine with systemd (where there is none,
  # a link is all a mask is). `systemctl unmask caddy` undoes it.
  mkdir -p /etc/systemd/system
  ln -s /dev/null /etc/systemd/system/caddy.service
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
