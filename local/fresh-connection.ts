import { Agent } from 'node:http';
import { NodeHttpHandler } from '@smithy/node-http-handler';

/**
 * A request handler that opens a fresh connection per call, for the clients this process points straight
 * at DynamoDB Local. Jetty closes a connection after 30 s idle without a `Keep-Alive: timeout` hint, so
 * a kept-alive socket stays pooled until the server's FIN, and a call sent on it as it closes fails with
 * ECONNRESET (scripts/keepalive-reset.ts reproduces it). The gateway does the same upstream (agent: false);
 * Node servers (the gateway, s3rver) send the hint, and Node's agent retires sockets before it.
 */
export function freshConnection(): NodeHttpHandler {
  return new NodeHttpHandler({ httpAgent: new Agent({ keepAlive: false }) });
}
