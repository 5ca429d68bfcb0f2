import { Aws, Duration, Lazy, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnManagedLoginBranding,
  CfnUserPoolGroup,
  FeaturePlan,
  ManagedLoginVersion,
  Mfa,
  OAuthScope,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { OPERATORS_GROUP } from '../../../shared/admin';

/** Where Cognito's managed login sends the operator back (sign-in and sign-out): the console. */
const CONSOLE_PATH = '/admin';

/**
 * The operator's sign-in: a Cognito user pool with Cognito's managed login on a user-pool domain,
 * one public app client for the console (authorization code flow; no secret, so the browser's
 * OpenID Connect client uses PKCE), callback and sign-out URLs on the site's own domain, TOTP MFA
 * required (managed login enrols it on the first sign-in), and the operators' group whose name is
 * defined once in shared/admin.ts. Admin routes verify the access token (lambdas/lib/auth.ts).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  static readonly ADMIN_GROUP = OPERATORS_GROUP;
  private siteUrl: string | undefined;

  constructor(scope: Construct, id: string, props: { ephemeral: boolean; stage: string; domainPrefix?: string; siteDomains?: string[] }) {
    super(scope, id);
    this.userPool = new UserPool(this, 'operators', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      passwordPolicy: { minLength: 12, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true },
      mfa: Mfa.REQUIRED,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: FeaturePlan.PLUS,
      // Threat protection enforced (compromised credentials, adaptive authentication): the Plus plan's feature, what cdk-nag COG3 asks.
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    // Domain prefixes are global per region: the account id keeps two deployments apart.
    this.domain = this.userPool.addDomain('login', {
      cognitoDomain: { domainPrefix: props.domainPrefix ?? `artloom-${props.stage}-${Aws.ACCOUNT_ID}` },
      managedLoginVersion: ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    // The site's URL is known once the distribution exists (setSiteUrl); the client reads it lazily.
    // Any custom domain of the site (context siteDomains) is a callback too: the console comes back
    // to the origin it was opened at.
    const consoleUrls = Lazy.list({
      produce: () => {
        if (!this.siteUrl) throw new Error('Auth.setSiteUrl() was not called: the console client needs the site URL');
        return [this.siteUrl, ...(props.siteDomains ?? []).map((domain) => `https://${domain}`)].map((url) => `${url}${CONSOLE_PATH}`);
      },
    });
    this.client = this.userPool.addClient('console', {
      generateSecret: false,
      authFlows: { userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true, implicitCodeGrant: false, clientCredentials: false },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL],
        callbackUrls: consoleUrls,
        logoutUrls: consoleUrls,
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.hours(12),
      enableTokenRevocation: true,
    });
    // The newer managed login needs a branding style for the client (Cognito's own look).
    new CfnManagedLoginBranding(this, 'branding', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });
    new CfnUserPoolGroup(this, 'admins', {
      userPoolId: this.userPool.userPoolId,
      groupName: Auth.ADMIN_GROUP,
      description: 'Operators: may use the console at /admin and the admin API.',
    });
  }

  /** The site's origin (https://…), where the console lives. */
  setSiteUrl(url: string): void {
    this.siteUrl = url.replace(/\/+$/, '');
  }

  get issuer(): string {
    return `https://cognito-idp.${this.userPool.stack.region}.amazonaws.com/${this.userPool.userPoolId}`;
  }

  /** What the console's OpenID client fetches from the browser: discovery + JWKS, and the token endpoint. */
  get connectOrigins(): string[] {
    return [`https://cognito-idp.${this.userPool.stack.region}.amazonaws.com`, this.domain.baseUrl()];
  }

  /** Cognito's end-session endpoint (not in its OpenID discovery document). */
  get logoutUrl(): string {
    return `${this.domain.baseUrl()}/logout`;
  }
}
