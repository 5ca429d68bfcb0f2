import { recordJob } from '../services/jobs';

/** Step Functions task (generation flow): see infra/lib/state-machine.ts. */
export const handler = async (event: unknown) => recordJob(event);
