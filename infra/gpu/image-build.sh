#!/bin/bash
# Artloom GPU image: the build step of the EC2 Image Builder component (infra/lib/constructs/gpu-image.ts),
# run once per image on top of the Deep Learning Base OSS Nvidia Driver AMI (Ubuntu 24.04, Python 3.12).
# Everything that needs GitHub, the Python package index or nodejs.org happens here, never at scale-out.
# Inputs (environment, set by the component): COMFYUI_COMMIT, NODE_VERSION, FILES (the folder holding
# requirements.lock.txt, boot.sh and the systemd units: infra/gpu/, downloaded and unpacked by the component).
# For the tests only (test/unit/infra/gpu-scripts-run.test.ts runs this script in a throw-away root):
# ARTLOOM_ROOT prefixes every path (default empty: the real /), COMFYUI_REPO is the repository to fetch.
set -euo pipefail
: "${COMFYUI_COMMIT:?}" "${NODE_VERSION:?}" "${FILES:?}"
R="${ARTLOOM_ROOT:-}"
COMFYUI_REPO="${COMFYUI_REPO:-https://github.com/Comfy-Org/ComfyUI.git}"
export DEBIAN_FRONTEND=noninteractive HOME="$R/root"
mkdir -p "$HOME" "$R/tmp"

for i in $(seq 1 30); do apt-get -o DPkg::Lock::Timeout=60 update -y && break; sleep 10; done
apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends git python3-venv xz-utils curl ca-certificates xfsprogs openssl

id -u artloom >/dev/null 2>&1 || useradd --system --home-dir "$R/opt/artloom" --create-home --shell /usr/sbin/nologin artloom
mkdir -p "$R/opt/artloom/worker" "$R/etc/artloom" "$R/var/log/artloom" "$R/etc/systemd/system"
chown artloom:artloom "$R/var/log/artloom"

# Node for the worker, checked against the release's SHASUMS256.
NODE_TGZ="node-v$NODE_VERSION-linux-x64.tar.xz"
cd "$R/tmp"
curl -fsSLO "https://nodejs.org/dist/v$NODE_VERSION/$NODE_TGZ"
curl -fsSLO "https://nodejs.org/dist/v$NODE_VERSION/SHASUMS256.txt"
grep " $NODE_TGZ$" SHASUMS256.txt | sha256sum -c -
mkdir -p "$R/opt/artloom/node"
tar -xJf "$R/tmp/$NODE_TGZ" -C "$R/opt/artloom/node" --strip-components=1
"$R/opt/artloom/node/bin/node" --version

# ComfyUI at the pinned commit (a tag can move; a commit cannot).
COMFY="$R/opt/ComfyUI"
rm -rf "$COMFY"
git init -q "$COMFY"
git -C "$COMFY" fetch -q --depth 1 "$COMFYUI_REPO" "$COMFYUI_COMMIT"
git -C "$COMFY" checkout -q FETCH_HEAD
test "$(git -C "$COMFY" rev-parse HEAD)" = "$COMFYUI_COMMIT"

# Python packages: exact versions from the repo's lock. Every package ComfyUI's own requirements.txt
# names must be in the lock, at ComfyUI's version where ComfyUI pins one; otherwise the build stops.
python3 - "$FILES/requirements.lock.txt" "$COMFY/requirements.txt" <<'PY'
import re, sys
def entries(path):
    out = {}
    for line in open(path):
        line = line.split('#', 1)[0].strip()
        if not line or line.startswith('-'):
            continue
        m = re.match(r'^([A-Za-z0-9_.\-\[\]]+)\s*(==|>=|~=|<=)?\s*([^;\s]*)', line)
        name = re.sub(r'\[.*\]', '', m.group(1)).lower().replace('_', '-')
        out[name] = (m.group(2), m.group(3))
    return out
lock, comfy = entries(sys.argv[1]), entries(sys.argv[2])
bad = [f'{n}: not pinned with == in the lock' for n, (op, _) in lock.items() if op != '==']
for name, (op, version) in comfy.items():
    if name not in lock:
        bad.append(f'{name}: required by ComfyUI, missing from the lock')
    elif op == '==' and lock[name][1] != version:
        bad.append(f'{name}: ComfyUI pins {version}, the lock has {lock[name][1]}')
if bad:
    sys.exit('requirements.lock.txt does not match ComfyUI:\n  ' + '\n  '.join(bad))
PY
python3 -m venv "$COMFY/.venv"
# Hashes (issue 31 item 3). Once requirements.hashes.txt holds hashes (a build's record, below, copied
# into the repo), pip installs from it with --require-hashes and --no-deps: a file whose bytes changed, or
# a package that is not in it, stops the build. Until then pip resolves the lock, and the build records
# what it installed, transitive packages included, with each archive's SHA-256 from pip's installation
# report, in the same format (artloom-requirements-hashes.txt in the image and in the build log).
if grep -q -- '--hash=sha256:' "$FILES/requirements.hashes.txt" 2>/dev/null; then
  "$COMFY/.venv/bin/pip" install --no-cache-dir --disable-pip-version-check --require-hashes --no-deps \
    -r "$FILES/requirements.hashes.txt" --report "$COMFY/artloom-pip-report.json"
else
  "$COMFY/.venv/bin/pip" install --no-cache-dir --disable-pip-version-check \
    -r "$FILES/requirements.lock.txt" --report "$COMFY/artloom-pip-report.json"
fi
"$COMFY/.venv/bin/pip" check
python3 - "$COMFY/artloom-pip-report.json" "$FILES/requirements.lock.txt" > "$COMFY/artloom-requirements-hashes.txt" <<'PY'
import json, re, sys
report = json.load(open(sys.argv[1], encoding='utf-8'))
print('# Recorded by infra/gpu/image-build.sh from pip\'s installation report: every installed archive with its')
print('# SHA-256. Copy this file to infra/gpu/requirements.hashes.txt to make later builds install exactly these.')
for line in open(sys.argv[2], encoding='utf-8'):
    if re.match(r'^--(extra-)?index-url ', line): print(line.strip())
missing = []
for item in sorted(report.get('install', []), key=lambda i: i['metadata']['name'].lower()):
    name, version = item['metadata']['name'], item['metadata']['version']
    info = item.get('download_info', {}).get('archive_info', {})
    digest = info.get('hashes', {}).get('sha256') or (info.get('hash', '').split('=', 1)[1] if info.get('hash', '').startswith('sha256=') else None)
    if not digest:
        missing.append(name)
        continue
    print(f'{name}=={version} --hash=sha256:{digest}')
if missing:
    sys.exit('pip reported no SHA-256 for: ' + ', '.join(missing))
PY
echo "=== artloom-requirements-hashes.txt (copy to infra/gpu/requirements.hashes.txt) ==="
cat "$COMFY/artloom-requirements-hashes.txt"
# What actually got installed (transitive packages included): copy it into the lock to pin those too.
"$COMFY/.venv/bin/pip" freeze | tee "$COMFY/artloom-pip-freeze.txt"
# The lock is what ran (issue 31): every locked package must be installed at exactly its locked
# version, or the build stops here rather than bake an image nobody has run.
python3 - "$FILES/requirements.lock.txt" "$COMFY/artloom-pip-freeze.txt" <<'PY'
import re, sys
def pins(path):
    out = {}
    for line in open(path, encoding='utf-8'):
        m = re.match(r'^([A-Za-z0-9_.-]+)==([^\s#;]+)', line)
        if m: out[m[1].lower().replace('_', '-')] = m[2]
    return out
lock, installed = pins(sys.argv[1]), pins(sys.argv[2])
drift = [f'{n}: locked {v}, installed {installed.get(n, "nothing")}' for n, v in lock.items() if installed.get(n) != v]
if drift:
    sys.exit('installed packages drifted from requirements.lock.txt:\n  ' + '\n  '.join(drift))
PY

# Checkpoints come from the instance store (boot.sh links /opt/artloom/models there at every boot).
cat > "$COMFY/extra_model_paths.yaml" <<YAML
artloom:
  base_path: $R/opt/artloom/models
  checkpoints: checkpoints
YAML

install -m 755 "$FILES/boot.sh" "$R/opt/artloom/boot.sh"
install -m 644 "$FILES"/*.service "$R/etc/systemd/system/"
chown -R artloom:artloom "$COMFY" "$R/opt/artloom"
systemctl daemon-reload
# Only the boot unit is enabled: it starts ComfyUI and the worker when the instance goes into service.
systemctl enable artloom-boot.service
