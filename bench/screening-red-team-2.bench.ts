/**
 * Prompt screening on the second red team's set (issue 30): test/fixtures/screening/red-team-2/,
 * written by another session without sight of the lists (its README). Fixed split: entries with
 * index % 4 === 3 in each file are held out (never read one by one while tuning or training), the rest
 * is tuning material, which the text classifier was also trained on. Prints both parts, the word
 * screen alone and with the classifier (bench/red-team-sets.ts).
 */
import { runRedTeam } from './red-team-sets';

export async function run(): Promise<void> {
  runRedTeam({
    dir: 'red-team-2',
    title: 'RED-TEAM 2 set (written without sight of the lists). Held out: index % 4 === 3.',
    parts: { 'held-out': (i) => i % 4 === 3, 'tuning (trained on: seen data)': (i) => i % 4 !== 3 },
  });
}
