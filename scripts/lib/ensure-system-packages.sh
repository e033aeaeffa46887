#!/usr/bin/env bash
# Installs, when missing, the Debian packages the system needs beside Node.js: Chromium for the
# report PDFs and the browser tests, CJK fonts (WenQuanYi Micro Hei is TrueType, which Chromium
# embeds as a compact font subset; Noto CJK covers what it lacks), poppler-utils, whose
# pdftotext the tests read report PDFs with, and prometheus for promtool, which checks the alert
# rules.
set -euo pipefail

missing=()
for pkg in chromium fonts-wqy-microhei fonts-noto-cjk poppler-utils prometheus; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Please install these Debian packages: ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]}..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
