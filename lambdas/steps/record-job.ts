import { stepHandler } from '../lib/step';
import { recordJob } from '../services/jobs';

/** Step Functions task (generation flow): see infra/lib/state-machine.ts. */
export const handler = stepHandler(recordJob);
