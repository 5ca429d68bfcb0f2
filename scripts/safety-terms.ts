/**
 * `npm run safety:terms -- <list | add <term…> | remove <term…> | defaults>`: the operator's
 * blocked terms for prompt screening, until the operator console edits them. Works on the table the
 * handlers use:
 *   - in AWS: MESSAGES_TABLE (+ AWS credentials and AWS_REGION) as for any SDK tool;
 *   - against a running `npm start`: DYNAMODB_ENDPOINT=<the DynamoDB Local url npm start logs>.
 * Terms are whole words, phrases or stems (`nud*`, `*porn*`), matched after the screen folds case,
 * invisible characters, accents, look-alike letters, leetspeak and spacing
 * (docs/safety.md). Saving a list replaces the built-in defaults; `defaults` saves those to edit them.
 * Lambdas pick a change up within SCREENING_TERMS_CACHE_SECONDS (30 s by default).
 */
import { getBlockedTerms, putBlockedTerms } from '../lambdas/adapters/blocked-terms';
import { DEFAULT_BLOCKED_TERMS } from '../lambdas/services/prompt-screening';
import { normaliseTerms } from '../lambdas/services/word-lists';
import { targetLocalStackIfAsked } from './local-target';

targetLocalStackIfAsked();

const [command = 'list', ...terms] = process.argv.slice(2);
const saved = await getBlockedTerms();
const current = saved?.terms ?? [...DEFAULT_BLOCKED_TERMS];

switch (command) {
  case 'list':
    console.log(saved ? `# saved ${saved.updatedAt}` : '# nothing saved: the built-in defaults apply');
    for (const term of current) console.log(term);
    break;
  case 'add':
  case 'remove': {
    const given = normaliseTerms(terms);
    if (given.length === 0) throw new Error(`usage: npm run safety:terms -- ${command} <term> [<term> …]`);
    const next = command === 'add' ? normaliseTerms([...current, ...given]) : current.filter((t) => !given.includes(t));
    await putBlockedTerms(next);
    console.log(`saved ${next.length} terms`);
    break;
  }
  case 'defaults':
    await putBlockedTerms([...DEFAULT_BLOCKED_TERMS]);
    console.log(`saved the ${DEFAULT_BLOCKED_TERMS.length} built-in terms`);
    break;
  default:
    throw new Error('usage: npm run safety:terms -- <list | add <term…> | remove <term…> | defaults>');
}
