import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger for every handler; never log whole events. */
export const logger = new Logger({
  serviceName: 'artloom',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
