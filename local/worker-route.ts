import { AsyncLocalStorage } from 'node:async_hooks';
import { autoScaling, dynamo, dynamoDb, rekognition, s3, sfn, sqs } from '../lambdas/adapters/aws-clients';

/**
 * The in-process GPU worker's AWS calls, as the GPU instance makes them: through the local gateway,
 * under the instance's key, so each is checked against the GPU instance role of the template (with
 * its condition keys) like a function's call against its role. The worker shares its process and the
 * adapters' clients with the local runtime and the tests, whose own calls go straight to the
 * stand-ins: only a call made inside `asInstance` is rerouted. A middleware on each client, after
 * signing, sends such a request to the gateway and names the instance's key in its Authorization
 * header (the signature does not cover the key id, so the stand-ins still accept it).
 */
export interface InstanceRoute {
  gatewayUrl: string;
  accessKeyId: string;
}

const scope = new AsyncLocalStorage<InstanceRoute>();
const MIDDLEWARE = 'artloomLocalInstanceRoute';
const installed = new WeakSet<object>();

interface WireRequest {
  protocol: string;
  hostname: string;
  port?: number;
  headers: Record<string, string>;
}

type Stack = {
  add(
    middleware: (next: (args: { request: unknown }) => Promise<unknown>) => (args: { request: unknown }) => Promise<unknown>,
    options: { step: 'deserialize'; name: string },
  ): void;
};

function install(client: { middlewareStack: unknown }): void {
  const stack = client.middlewareStack as Stack;
  if (installed.has(stack)) return;
  installed.add(stack);
  stack.add(
    (next) => (args) => {
      const route = scope.getStore();
      const request = args.request as WireRequest | undefined;
      if (route && request && typeof request.hostname === 'string') {
        const gateway = new URL(route.gatewayUrl);
        request.protocol = gateway.protocol;
        request.hostname = gateway.hostname;
        request.port = Number(gateway.port);
        const auth = request.headers.authorization;
        if (auth) request.headers.authorization = auth.replace(/Credential=[^/]+\//, `Credential=${route.accessKeyId}/`);
      }
      return next(args);
    },
    { step: 'deserialize', name: MIDDLEWARE },
  );
}

/** Runs `call` as the GPU instance: every AWS call it makes through the adapters' clients goes through the gateway under the instance's key. */
export function asInstance<T>(route: InstanceRoute, call: () => Promise<T>): Promise<T> {
  // The clients of the current configuration (a restart in the same process makes new ones).
  for (const client of [dynamoDb(), dynamo(), s3(), sfn(), sqs(), autoScaling(), rekognition()]) install(client);
  return scope.run(route, call);
}
