/**
 * Prompt screening on the red team's set (issue 30): test/fixtures/screening/red-team/, written by
 * another session WITHOUT sight of the lists and never tuned on, the classifier included (its README).
 * Prints the word screen alone and with the text classifier, per category, language and disguise
 * (bench/red-team-sets.ts).
 */
import { runRedTeam } from './red-team-sets';

export async function run(): Promise<void> {
  runRedTeam({
    dir: 'red-team',
    title: 'RED-TEAM set (written without sight of the lists; never tuned or trained on).',
    parts: { 'whole set (held out)': () => true },
  });
}
