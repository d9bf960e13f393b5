#!/bin/sh
# One step of the set-up `make run` does, said as it starts (with roughly how long it takes
# on a 2-core machine the first time) and as it ends (with how long it took), so a first run
# says what it is doing while the steps run side by side (`make -j3`).
#   tools/step.sh begin <name> <about>     tools/step.sh end <name>
set -eu
if [ $# -lt 2 ]; then
    echo "usage: tools/step.sh begin <name> <about> | end <name>" >&2
    exit 2
fi
mark=".tools/steps/$(printf '%s' "$2" | tr -c 'A-Za-z0-9' '-')"
case "$1" in
begin)
    mkdir -p .tools/steps
    date +%s > "$mark"
    echo "==> $2: started (about $3 the first time)"
    ;;
end)
    started=$(cat "$mark" 2>/dev/null || date +%s)
    rm -f "$mark"
    echo "==> $2: done in $(( $(date +%s) - started )) s"
    ;;
*)
    echo "usage: tools/step.sh begin <name> <about> | end <name>" >&2
    exit 2
    ;;
esac
