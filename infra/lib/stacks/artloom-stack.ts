import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ROUTES } from '../../../lambdas/routes';
import { Api } from '../constructs/api';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { Web } from '../constructs/web';
import type { AppContext } from '../context';
import { acknowledgeStackWide } from '../nag';

export interface ArtloomStackProps extends StackProps {
  context: AppContext;
}

/** The whole product in one stack: constructs per domain, wired here and nowhere else. */
export class ArtloomStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: ArtloomStackProps) {
    super(scope, id, props);
    const ctx = props.context;
    const ephemeral = ctx.stage !== 'prod';
    this.data = new Data(this, 'data', { ephemeral });
    this.auth = new Auth(this, 'auth', { ephemeral });

    const environment: Record<string, string> = {
      RENDERER: 'comfyui',
      AUTH_ISSUER: this.auth.issuer,
      AUTH_JWKS_URL: `${this.auth.issuer}/.well-known/jwks.json`,
      AUTH_AUDIENCE: this.auth.client.userPoolClientId,
      ...(ctx.notifyEmail ? { NOTIFY_EMAIL: ctx.notifyEmail, NOTIFY_FROM: ctx.notifyFrom ?? ctx.notifyEmail } : {}),
    };

    this.api = new Api(this, 'api', {
      routes: ROUTES,
      tables: this.data.tables,
      buckets: this.data.buckets,
      environment,
      rateLimit: ctx.apiRateLimit,
      sesIdentityArn: ctx.notifyFrom
        ? `arn:${this.partition}:ses:${this.region}:${this.account}:identity/${ctx.notifyFrom.split('@')[1]}`
        : undefined,
    });

    this.web = new Web(this, 'web', {
      httpApi: this.api.httpApi,
      imagesBucket: this.data.buckets.images,
      logBucket: this.data.logBucket,
      ephemeral,
      wafRateLimit: ctx.wafRateLimit,
      createWaf: this.region === 'us-east-1',
    });

    acknowledgeStackWide(this, {
      tables: Object.values(this.data.tables),
      buckets: [...Object.values(this.data.buckets), this.web.webBucket],
    });
  }
}
