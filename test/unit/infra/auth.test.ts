import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATORS_GROUP } from '../../../shared/admin';
import { synthStack } from '../../fixtures/stack';

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON
type Json = any;
let template: Template;

beforeAll(() => {
  ({ template } = synthStack('AuthTest', { account: '123456789012' }));
}, 120_000);

const distributionDomain = () => {
  const [id] = Object.keys(template.findResources('AWS::CloudFront::Distribution'));
  return { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [id, 'DomainName'] }, '/admin']] };
};

describe('operator sign-in (Cognito managed login)', () => {
  it('has a user-pool domain on the newer managed login, with a branding style for the console client', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: { 'Fn::Join': ['', ['artloom-dev-', { Ref: 'AWS::AccountId' }]] },
      ManagedLoginVersion: 2,
    });
    template.hasResourceProperties('AWS::Cognito::ManagedLoginBranding', { UseCognitoProvidedValues: true });
  });

  it('has one public PKCE client: authorization code only, no secret, callback and sign-out on the site', () => {
    const clients = template.findResources('AWS::Cognito::UserPoolClient');
    expect(Object.keys(clients)).toHaveLength(1);
    const props = (Object.values(clients)[0] as Json).Properties;
    expect(props.GenerateSecret).toBe(false);
    expect(props.AllowedOAuthFlows).toEqual(['code']);
    expect(props.AllowedOAuthFlowsUserPoolClient).toBe(true);
    expect(props.AllowedOAuthScopes).toEqual(['openid', 'email']);
    expect(props.SupportedIdentityProviders).toEqual(['COGNITO']);
    expect(props.CallbackURLs).toEqual([distributionDomain()]);
    expect(props.LogoutURLs).toEqual([distributionDomain()]);
  });

  it('lists every custom domain of the site (context siteDomains) as a callback and sign-out URL too', () => {
    // Prepare / Act
    const { template: custom } = synthStack('AuthDomains', {
      account: '123456789012',
      siteDomains: 'art.example.com, www.art.example.com',
    });
    // Assess
    const props = (Object.values(custom.findResources('AWS::Cognito::UserPoolClient'))[0] as Json).Properties;
    expect(props.CallbackURLs.slice(1)).toEqual(['https://art.example.com/admin', 'https://www.art.example.com/admin']);
    expect(props.LogoutURLs).toEqual(props.CallbackURLs);
    expect(() => synthStack('AuthBadDomain', { siteDomains: 'https://art.example.com' })).toThrow(/host names only/);
  });

  it('requires TOTP MFA (enrolled on the first sign-in) and no self sign-up', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'ON',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
  });

  it("creates the operators' group under the shared name, and the handlers check that name", () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: OPERATORS_GROUP });
    template.hasOutput('OperatorsGroup', { Value: OPERATORS_GROUP });
    template.hasOutput('OperatorSignInDomain', Match.anyValue());
    template.hasOutput('OperatorConsoleClientId', Match.anyValue());
  });

  it('gives the admin handlers the issuer, the client id and the managed-login logout url', () => {
    const fns = Object.values(template.findResources('AWS::Lambda::Function')) as Json[];
    const admin = fns.filter((f) => JSON.stringify(f.Properties?.Environment ?? {}).includes('AUTH_LOGOUT_URL'));
    expect(admin.length).toBeGreaterThan(0);
    const env = admin[0].Properties.Environment.Variables;
    expect(JSON.stringify(env.AUTH_LOGOUT_URL)).toContain('/logout');
    const [clientId] = Object.keys(template.findResources('AWS::Cognito::UserPoolClient'));
    expect(env.AUTH_AUDIENCE).toEqual({ Ref: clientId });
  });
});

describe('the site lets the console reach Cognito', () => {
  it("lists Cognito's issuer and the managed-login domain in connect-src, nothing else beside 'self'", () => {
    const policies = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as Json[];
    const csp = JSON.stringify(policies[0].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy);
    const [domainId] = Object.keys(template.findResources('AWS::Cognito::UserPoolDomain'));
    expect(csp).toContain(
      `connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com https://",{"Ref":"${domainId}"},".auth.us-east-1.amazoncognito.com; frame-ancestors`,
    );
    // Beside 'self', only the built page's inline scripts by hash (test/unit/infra/csp.test.ts).
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')*;/);
  });
});
