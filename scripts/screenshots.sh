#!/usr/bin/env bash
# Render the README's screenshots from the real app into screenshots/.
# Uses egui_kittest's wgpu renderer; on a machine without a GPU, Mesa's
# software drivers do (Debian: libegl1 libegl-mesa0 libgl1-mesa-dri, or
# mesa-vulkan-drivers).
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v apt-get >/dev/null && ! ldconfig -p | grep -q libEGL_mesa; then
  apt-get update -qq && apt-get install -y -qq libegl1 libegl-mesa0 libgl1-mesa-dri >/dev/null
fi
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
HUARONG_SCREENSHOTS="$PWD/screenshots" cargo test --bin huarong render_ -- --ignored
ls -l screenshots/*.png
