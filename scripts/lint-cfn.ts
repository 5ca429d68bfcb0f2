/**
 * `npm run lint:cfn` (issue 31 'Done when'): synthesizes the stack for `stage=dev` and `stage=prod`
 * (prod with a placeholder alarm address, which it requires) into a temporary folder and runs
 * cfn-lint over each template. Exits 1 on any cfn-lint error (E…); warnings are printed and counted.
 * cfn-lint is a Python tool (`pipx install cfn-lint`), not an npm package, so this is not in `.ci/run`;
 * without it the script says so and exits 2.
 */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const STAGES: Record<string, string[]> = { dev: ['-c', 'stage=dev'], prod: ['-c', 'stage=prod', '-c', 'alarmEmail=ops@example.com'] };

if (spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status !== 0) {
  console.error('lint:cfn: cfn-lint is not installed (pipx install cfn-lint)');
  process.exit(2);
}
const env = { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1', AWS_EC2_METADATA_DISABLED: 'true' };
const build = spawnSync('npm', ['run', 'build:lambdas', '--silent'], { cwd: ROOT, stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
let errors = 0;
for (const [stage, context] of Object.entries(STAGES)) {
  const out = join(tmpdir(), 'artloom-lint-cfn', stage);
  const synth = spawnSync('npx', ['cdk', 'synth', '--no-notices', '-q', ...context, '-o', out], { cwd: ROOT, stdio: 'inherit', env });
  if (synth.status !== 0) process.exit(synth.status ?? 1);
  const template = join(out, `Artloom-${stage}.template.json`);
  const lint = spawnSync('cfn-lint', ['--format', 'parseable', template], { cwd: ROOT, encoding: 'utf8' });
  const findings = lint.stdout.split('\n').filter(Boolean);
  const count = (level: string) => findings.filter((f) => f.split(':')[5]?.startsWith(level)).length;
  const rules = [...new Set(findings.map((f) => f.split(':')[5]))].join(', ') || 'none';
  console.info(`lint:cfn ${stage}: ${count('E')} errors, ${count('W')} warnings, ${count('I')} informational (rules: ${rules})`);
  errors += count('E');
}
process.exit(errors ? 1 : 0);
