/**
 * Prompt screening on red team 7's set (issue 30): test/fixtures/screening/red-team-7/, written by another
 * session without sight of the lists or of any other set (its README). It was first run whole, before any
 * of it was trained on (docs/safety.md); then its part with index % 4 !== 3 became training material for the
 * text classifier, and index % 4 === 3 stays held out (never read one by one). Prints both parts, the word
 * screen alone and with the classifier (bench/red-team-sets.ts).
 */
import { runRedTeam } from './red-team-sets';

export async function run(): Promise<void> {
  runRedTeam({
    dir: 'red-team-7',
    title: 'RED-TEAM 7 set (written without sight of the lists). Held out: index % 4 === 3.',
    parts: {
      'held-out': (i) => i % 4 === 3,
      'tuning (trained on: seen data)': (i) => i % 4 !== 3,
      'whole set': () => true,
    },
  });
}
