/** The small part of oidc-provider (no bundled types) that local/plugins/auth.ts uses. */
declare module 'oidc-provider' {
  type IncomingMessage = import('node:http').IncomingMessage;
  type ServerResponse = import('node:http').ServerResponse;

  export interface Grant {
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }
  export interface KoaContextWithOIDC {
    body: unknown;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      provider: Provider;
    };
  }
  export interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }
  export interface Configuration {
    adapter?: new (model: string) => unknown;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: unknown) => boolean;
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    pkce?: { required?: () => boolean };
    cookies?: { keys: string[] };
    scopes?: string[];
    claims?: Record<string, string[]>;
    ttl?: Record<string, number>;
    findAccount: (
      ctx: KoaContextWithOIDC,
      id: string,
    ) => { accountId: string; claims: () => Record<string, unknown> } | undefined | Promise<unknown>;
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: Interaction) => string };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<unknown>;
    extraTokenClaims?: (
      ctx: KoaContextWithOIDC,
      token: { kind: string; accountId?: string },
    ) => Promise<Record<string, unknown> | undefined>;
    features?: Record<string, unknown>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: { new (init: { clientId: string; accountId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => unknown;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
