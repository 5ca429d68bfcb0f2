import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  AdvancedSecurityMode,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  UserPool,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

/** The operator's sign-in: a Cognito user pool with an `admins` group; admin routes verify its JWT. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  static readonly ADMIN_GROUP = 'admins';

  constructor(scope: Construct, id: string, props: { ephemeral: boolean }) {
    super(scope, id);
    this.userPool = new UserPool(this, 'operators', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      passwordPolicy: { minLength: 12, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true },
      mfa: Mfa.REQUIRED,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: FeaturePlan.PLUS,
      advancedSecurityMode: AdvancedSecurityMode.ENFORCED,
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    this.client = this.userPool.addClient('console', { authFlows: { userSrp: true }, preventUserExistenceErrors: true });
    new CfnUserPoolGroup(this, 'admins', { userPoolId: this.userPool.userPoolId, groupName: Auth.ADMIN_GROUP });
  }

  get issuer(): string {
    return `https://cognito-idp.${this.userPool.stack.region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
