import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_FILES } from '../../../infra/lib/constructs/gpu-image-document';

/**
 * The GPU instance's shell scripts (shellcheck is not installed here): they parse with `bash -n`,
 * and their steps come in the order the cold path needs. The lock check embedded in the image
 * build runs for real against the repo's lock file.
 */
const gpu = (name: string) => join(import.meta.dirname, '../../../infra/gpu', name);
const read = (name: string) => readFileSync(gpu(name), 'utf8');
/** Index of a line in the script (fails the test when absent). */
const at = (script: string, needle: string | RegExp) => {
  const index = typeof needle === 'string' ? script.indexOf(needle) : script.search(needle);
  expect(index, `missing: ${needle}`).toBeGreaterThanOrEqual(0);
  return index;
};
/** The tests of one script: that it parses with `bash -n`, then `tests` given its text. */
const describeScript = (name: string, tests: (script: string) => void) =>
  describe(name, () => {
    it('parses', () => {
      expect(() => execFileSync('bash', ['-n', gpu(name)])).not.toThrow();
    });
    tests(read(name));
  });

describeScript('boot.sh', (boot) => {
  it('stops on any error and abandons the instance instead of holding a GPU', () => {
    expect(boot).toContain('set -euo pipefail');
    expect(boot).toContain('trap abandon ERR');
    expect(boot).toMatch(/abandon\(\) \{[^}]*hook ABANDON/s);
  });

  it('completes a warm-pool preparation without staging anything', () => {
    const warm = at(boot, 'if [ "$TARGET" != InService ]; then');
    expect(boot.slice(warm, at(boot, 'exit 0'))).toContain('hook CONTINUE');
    expect(warm).toBeLessThan(at(boot, 'aws s3 cp'));
  });

  it('refuses to serve without a pinned checksum', () => {
    const check = at(boot, 'if [ -z "$MODEL_SHA256" ]; then');
    expect(boot.slice(check, boot.indexOf('\nfi\n', check))).toMatch(/\n\s+false$/);
    expect(check).toBeLessThan(at(boot, 'aws s3 cp'));
  });

  it('starts ComfyUI, copies the model with the CRT client to the instance store, verifies it, then starts the worker', () => {
    const order = [
      at(boot, 'systemctl start comfyui.service'),
      at(boot, 'preferred_transfer_client crt'),
      at(boot, /aws s3 cp .*"s3:\/\/\$MODEL_BUCKET\/\$MODEL_KEY" "\$CKPT.part"/),
      at(boot, 'openssl dgst -sha256'),
      at(boot, 'if [ "$GOT" != "$MODEL_SHA256" ]; then'),
      at(boot, 'mv "$CKPT.part" "$CKPT"'),
      at(boot, 'systemctl start artloom-worker.service'),
      at(boot, 'hook CONTINUE\nstamp "boot done"'),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(boot).toContain('/opt/dlami/nvme');
    expect(boot).toContain('nvme-Amazon_EC2_NVMe_Instance_Storage_');
    // A mismatch deletes the copy and fails (→ abandon).
    expect(boot.slice(at(boot, 'if [ "$GOT" != "$MODEL_SHA256" ]; then'), at(boot, 'mv "$CKPT.part"'))).toMatch(
      /rm -f "\$CKPT.part"\s+false/,
    );
  });

  it('reaches nothing outside AWS', () => {
    for (const host of ['github.com', 'huggingface', 'pypi', 'nodejs.org', 'pip install', 'apt-get']) expect(boot).not.toContain(host);
  });
});

describeScript('image-build.sh', (build) => {
  it('checks out the exact commit and installs only the lock file, or its hashed record once committed', () => {
    expect(build).toContain('COMFYUI_REPO:-https://github.com/Comfy-Org/ComfyUI.git}');
    expect(build).toContain('fetch -q --depth 1 "$COMFYUI_REPO" "$COMFYUI_COMMIT"');
    expect(build).toContain('test "$(git -C "$COMFY" rev-parse HEAD)" = "$COMFYUI_COMMIT"');
    expect(build.match(/pip" install/g)).toHaveLength(2);
    expect(build).toContain('-r "$FILES/requirements.lock.txt" --report');
    expect(build).toContain('--require-hashes --no-deps \\\n    -r "$FILES/requirements.hashes.txt"');
    expect(build).toContain('/.venv/bin/pip" check');
    expect(build).toContain('grep " $NODE_TGZ$" SHASUMS256.txt | sha256sum -c -');
  });

  /** Runs the lock check embedded in image-build.sh (its python heredoc) against a given ComfyUI requirements file. */
  function lockCheck(comfyRequirements: string, lock = read('requirements.lock.txt')) {
    const code = build.slice(build.indexOf("<<'PY'\n") + 6, build.indexOf('\nPY\n'));
    const dir = mkdtempSync(join(tmpdir(), 'artloom-lock-'));
    writeFileSync(join(dir, 'check.py'), code);
    writeFileSync(join(dir, 'lock.txt'), lock);
    writeFileSync(join(dir, 'comfy.txt'), comfyRequirements);
    try {
      execFileSync('python3', [join(dir, 'check.py'), join(dir, 'lock.txt'), join(dir, 'comfy.txt')], { stdio: 'pipe' });
      return 'ok';
    } catch (err) {
      return String((err as { stderr: Buffer }).stderr);
    }
  }

  it("accepts the repo's lock against ComfyUI's own requirements.txt at the pinned commit", () => {
    expect(lockCheck(comfyRequirements)).toBe('ok');
  });

  it('stops the build when ComfyUI needs a package the lock lacks, pins another version, or the lock is loose', () => {
    expect(lockCheck('blake3\n')).toContain('blake3: required by ComfyUI, missing from the lock');
    expect(lockCheck('comfyui-frontend-package==9.9.9\n')).toContain('ComfyUI pins 9.9.9');
    expect(lockCheck('torch\n', 'torch>=2\n')).toContain('torch: not pinned with == in the lock');
  });
});

/** ComfyUI's requirements.txt at the pinned commit a125cd84 (verbatim copy of the shared fixture). */
const comfyRequirements = readFileSync(join(import.meta.dirname, '../../fixtures/comfyui/requirements-a125cd84.txt'), 'utf8');
/** name (lower case, `_` as `-`, extras dropped) → [operator, version] of a requirements file's lines. */
function requirements(text: string): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const raw of text.split('\n')) {
    const line = raw.split('#')[0]?.trim() ?? '';
    if (!line || line.startsWith('-')) continue;
    const m = /^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?\s*(==|>=|~=|<=)?\s*([^;\s]*)/.exec(line);
    if (!m?.[1]) throw new Error(`unreadable requirement: ${line}`);
    out.set(m[1].toLowerCase().replaceAll('_', '-'), [m[2] ?? '', m[3] ?? '']);
  }
  return out;
}

describe('requirements.lock.txt', () => {
  it("locks every package ComfyUI's requirements.txt names, at ComfyUI's exact version where it pins one with ==", () => {
    const lock = requirements(read('requirements.lock.txt'));
    const comfy = requirements(comfyRequirements);
    expect(comfy.size).toBeGreaterThan(20);
    const missing = [...comfy.keys()].filter((name) => !lock.has(name));
    expect(missing).toEqual([]);
    const pinned = [...comfy].filter(([, [op]]) => op === '==');
    expect(pinned.map(([name]) => name)).toEqual(['comfyui-frontend-package', 'comfyui-workflow-templates', 'comfyui-embedded-docs']);
    for (const [name, [, version]] of pinned) expect(lock.get(name), name).toEqual(['==', version]);
  });

  it('pins every package to an exact version and says where each pin comes from', () => {
    const pins = read('requirements.lock.txt')
      .split('\n')
      .filter((l) => /^[a-z]/i.test(l));
    expect(pins.length).toBeGreaterThan(20);
    for (const pin of pins) expect(pin).toMatch(/^[A-Za-z0-9_.-]+==\S+\s+# \[(gpu|rec|torch|oct25|cmfy)\]/);
  });

  it('locks every package that ran ComfyUI on a real GPU at the version that ran (verified-on-gpu.txt)', () => {
    const lock = requirements(read('requirements.lock.txt'));
    const verified = requirements(readFileSync(join(import.meta.dirname, '../../fixtures/comfyui/verified-on-gpu.txt'), 'utf8'));
    expect(verified.size).toBeGreaterThanOrEqual(9);
    // The fixture writes torchvision without its +cu130 wheel label; the public version is what must match.
    const publicVersion = (v: string | undefined) => v?.replace(/\+.*$/, '');
    const drift = [...verified]
      .filter(([name, [, version]]) => lock.get(name)?.[0] !== '==' || publicVersion(lock.get(name)?.[1]) !== publicVersion(version))
      .map(([name, [, version]]) => `${name}: ran ${version}, locked ${lock.get(name)?.join('') ?? 'nothing'}`);
    expect(drift).toEqual([]);
  });
});

describe('the lock against the GPU run', () => {
  it('holds every [gpu] pin at the version pip freeze listed on the H200 that ran the worker (2026-11-28)', () => {
    const freeze = requirements(readFileSync(join(import.meta.dirname, '../../fixtures/gpu-proof/h200-2026-11-28-pip-freeze.txt'), 'utf8'));
    expect(freeze.size).toBeGreaterThan(100);
    const publicVersion = (v: string | undefined) => v?.replace(/\+.*$/, '');
    const gpuPins = read('requirements.lock.txt')
      .split('\n')
      .filter((l) => /# \[gpu\]/.test(l))
      .map((l) => requirements(l))
      .flatMap((m) => [...m]);
    expect(gpuPins.length).toBeGreaterThanOrEqual(10);
    const drift = gpuPins
      .filter(([name, [, version]]) => publicVersion(freeze.get(name)?.[1]) !== publicVersion(version))
      .map(([name, [, version]]) => `${name}: locked ${version}, ran ${freeze.get(name)?.[1] ?? 'nothing'}`);
    expect(drift).toEqual([]);
    expect(gpuPins.map(([name]) => name)).toContain('huggingface-hub');
  });
});

describe('requirements.hashes.txt', () => {
  /** Each hashed pin whose package the lock also pins, at another version: the record and the lock disagree. */
  const hashDrift = (hashes: string, lock: string) => {
    const locked = requirements(lock);
    return [...hashes.matchAll(/^([A-Za-z0-9_.+-]+)==(\S+) --hash=sha256:[0-9a-f]{64}$/gm)]
      .map(([, name = '', version]) => [name.toLowerCase().replaceAll('_', '-'), version] as const)
      .filter(([name, version]) => locked.has(name) && locked.get(name)?.[1] !== version)
      .map(([name, version]) => `${name}: hashed ${version}, locked ${locked.get(name)?.[1]}`);
  };

  it('holds every hashed package at its locked version (the record must be of an image built from this lock)', () => {
    expect(hashDrift(read('requirements.hashes.txt'), read('requirements.lock.txt'))).toEqual([]);
    // The check itself: a record of numpy 2.3.3 against the lock's 2.5.2 is caught.
    expect(hashDrift(`numpy==2.3.3 --hash=sha256:${'a'.repeat(64)}\n`, read('requirements.lock.txt'))).toEqual([
      'numpy: hashed 2.3.3, locked 2.5.2',
    ]);
  });

  it('ships with the image build (IMAGE_FILES) and holds only comments and hashed pins', () => {
    expect(IMAGE_FILES).toContain('requirements.hashes.txt');
    const lines = read('requirements.hashes.txt')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    for (const line of lines) expect(line).toMatch(/^(--(extra-)?index-url \S+|[A-Za-z0-9_.+-]+==\S+ --hash=sha256:[0-9a-f]{64})$/);
  });
});

describe('scripts/stage-model.sh', () => {
  const script = join(import.meta.dirname, '../../../scripts/stage-model.sh');
  const run = (args: string[]) =>
    execFileSync('bash', [script, ...args], { env: { ...process.env, DRY_RUN: '1', WORK_DIR: '/tmp/none' }, stdio: 'pipe' }).toString();

  it('prints the pinned download, the checksum check and the CRT upload in a dry run', () => {
    const out = run(['Artloom-dev', '0'.repeat(40), 'a'.repeat(64)]);
    expect(out).toContain(`/resolve/${'0'.repeat(40)}/flux1-schnell-fp8.safetensors`);
    expect(out).toContain(`# must print ${'a'.repeat(64)}`);
    expect(out).toContain('preferred_transfer_client crt');
    expect(out).toMatch(/aws s3 cp .*--metadata sha256=a{64}/);
  });

  it('refuses a revision or checksum of the wrong shape', () => {
    expect(() => run(['Artloom-dev', 'main', 'a'.repeat(64)])).toThrow();
    expect(() => run(['Artloom-dev', '0'.repeat(40), 'abc'])).toThrow();
  });
});
