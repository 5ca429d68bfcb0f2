import { LOCAL_CREDENTIALS, LOCAL_PREFIX, localResourceEnv } from '../local/names';

/**
 * The operator scripts (messages:list, moderation, safety-terms) read the handlers' tables. In AWS the
 * operator sets the table variables and credentials as for any SDK tool. Pointed at a local DynamoDB
 * (DYNAMODB_ENDPOINT: a running `npm start`, or messages:list --local), they take what the local
 * runtime uses: its table names (`artloom-<table>`) unless set, and its credentials (DynamoDB Local
 * accepts any; the SDK still wants some). Call before the first `config()`.
 */
export function targetLocalStackIfAsked(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (!process.env.DYNAMODB_ENDPOINT) return;
  process.env.AWS_ACCESS_KEY_ID ??= LOCAL_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= LOCAL_CREDENTIALS.secretAccessKey;
  for (const [key, name] of Object.entries(localResourceEnv(LOCAL_PREFIX))) process.env[key] ??= name;
}
