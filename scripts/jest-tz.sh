#!/usr/bin/env bash
# Runs Jest with the process in a given time zone, to show that dates do not depend on the zone
# the server or the test machine runs in:
#   bash scripts/jest-tz.sh America/New_York --selectProjects unit
#   bash scripts/jest-tz.sh UTC --selectProjects integration --runInBand
set -euo pipefail
cd "$(dirname "$0")/.."
zone="${1:?usage: scripts/jest-tz.sh <IANA time zone> [jest arguments]}"
shift
TZ="$zone" exec npx jest --config jest.config.js "$@"
