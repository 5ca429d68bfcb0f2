import { stepHandler } from '../lib/step';
import { storeJobImage } from '../services/store-job-image';

/** Step Functions task (generation flow): see infra/lib/state-machine.ts. */
export const handler = stepHandler(storeJobImage);
