/**
 * Prompt screening on the second red team's set (issue 30): test/fixtures/screening/red-team-2/,
 * written by another session without sight of the lists (its README). Fixed split: entries with
 * index % 4 === 3 in each file are held out (never read one by one while tuning), the rest is tuning
 * material. The local layers as POST /api/generate applies them (prompt rule, then the word layer
 * with the default terms). Prints both parts per category, and the tuning part per language and disguise.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_BLOCKED_TERMS } from '../lambdas/services/screening-lists';
import { wordListMatcher } from '../lambdas/services/word-lists';
import { checkPrompt } from '../shared/prompt-rule';

interface RedTeamPrompt {
  prompt: string;
  category: string;
  language: string;
  disguise: string;
}

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test/fixtures/screening/red-team-2/${name}.json`, import.meta.url), 'utf8')) as RedTeamPrompt[];

/** The split, fixed before tuning: every fourth entry of each file (index % 4 === 3) is held out. */
const part = (set: RedTeamPrompt[], heldOut: boolean) => set.filter((_, i) => (i % 4 === 3) === heldOut);

const pct = (refused: number, of: number) => `${((refused / of) * 100).toFixed(1)} % (${refused}/${of})`;

function table(set: RedTeamPrompt[], refused: (p: RedTeamPrompt) => boolean, by: keyof RedTeamPrompt): Record<string, string> {
  const groups = new Map<string, RedTeamPrompt[]>();
  for (const p of set) groups.set(p[by], [...(groups.get(p[by]) ?? []), p]);
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, ps]) => [k, pct(ps.filter(refused).length, ps.length)]),
  );
}

export async function run(): Promise<void> {
  const match = wordListMatcher(DEFAULT_BLOCKED_TERMS);
  const refused = (p: RedTeamPrompt) => {
    const rule = checkPrompt(p.prompt);
    return !rule.ok || match(rule.prompt) !== undefined;
  };
  const disallowed = read('disallowed');
  const innocent = read('innocent');
  console.info('RED-TEAM 2 set (written without sight of the lists). Held out: index % 4 === 3. Local layers: prompt rule + word layer.');
  const parts = { 'held-out': true, tuning: false };
  console.table(
    Object.fromEntries(
      Object.entries(parts).map(([name, heldOut]) => {
        const d = part(disallowed, heldOut);
        const i = part(innocent, heldOut);
        const plain = i.filter((p) => p.category === 'everyday');
        return [
          name,
          {
            'disallowed refused': pct(d.filter(refused).length, d.length),
            'innocent refused': pct(i.filter(refused).length, i.length),
            'plain other-script refused': pct(plain.filter(refused).length, plain.length),
          },
        ];
      }),
    ),
  );
  for (const [name, heldOut] of Object.entries(parts)) {
    console.info(`${name}: disallowed refused, by category`);
    console.table(table(part(disallowed, heldOut), refused, 'category'));
    console.info(`${name}: innocent refused, by category`);
    console.table(table(part(innocent, heldOut), refused, 'category'));
  }
  for (const by of ['language', 'disguise'] as const) {
    console.info(`tuning: disallowed refused, by ${by}`);
    console.table(table(part(disallowed, false), refused, by));
  }
}
