import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { GROUPS } from '../../core/constants';
import { MACHINE_RESOURCE_SERVER, MACHINE_SCOPE_DESCRIPTIONS, MACHINE_SCOPES } from '../../core/rules/machine-scopes';
import { PASSWORD_POLICY } from '../../core/password-policy';
import { keepLogicalId } from '../keep-logical-id';
import { removalPolicyOf } from '../removal-policy';
import { senderDomain, type StageConfig } from '../stage-config';

export interface AuthProps {
  config: StageConfig;
}

/**
 * The Cognito user pool (spec 1: email sign-in with verification by email) and the SPA's client. Roles are
 * the groups of core/constants.ts GROUPS (docs/architecture.md "Roles and the route guard"); the API reads them from the ID token.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  /** The machine API's scopes (docs/decisions/0104-machine-api.md); super admins make its app clients at run time. */
  readonly machineApi: cognito.UserPoolResourceServer;
  /** The hosted domain whose `/oauth2/token` issues the machine clients' tokens (client-credentials grant). */
  readonly tokenDomain: cognito.UserPoolDomain;

  constructor(scope: Construct, id: string, { config }: AuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // spec 4 Sign-up: customers create their own account, through the portal's signUp route, which creates the
      // user (AdminCreateUser): Cognito's own SignUp would say which emails have an account
      // (docs/decisions/0086-no-account-enumeration.md).
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A changed email only replaces the verified one once its code is confirmed.
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Verify your Lenslab Portal email',
        emailBody: 'Your Lenslab Portal verification code is {####}',
      },
      standardAttributes: { email: { required: true, mutable: true } },
      // The same policy the sign-up and settings forms check as the user types.
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(3) },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // An authenticator app (TOTP) is the only second factor. MFA is per pool, so it is
      // OPTIONAL (practices need none) and the portal requires it of lab staff itself: the sign-in page sets it
      // up, the handler wrapper refuses staff without it
      // (docs/decisions/0017-two-step-verification-for-lab-staff.md). Cognito asks everyone who has enabled it for a
      // code at each sign-in.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false, email: false },
      // Production: threat protection (Plus plan) blocks sign-ins with leaked passwords and challenges risky
      // ones (riskConfiguration below). Elsewhere the pool stays on the default plan, which has none.
      ...(config.production && {
        featurePlan: cognito.FeaturePlan.PLUS,
        standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      }),
      email: cognitoEmail(config, Stack.of(scope).region, sesPending(scope)),
      deletionProtection: config.data.deletionProtection,
      removalPolicy: removalPolicyOf(config),
    });
    keepLogicalId(this.userPool, 'UserPool');
    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is set per pool, so it is OPTIONAL here (practices need none) and the portal itself requires an authenticator app of every lab staff user (see the mfa setting above).',
      },
      ...(config.production
        ? []
        : [
            {
              id: 'AwsSolutions-COG8',
              reason:
                'Threat protection (the Plus feature plan) is billed per active user: production has it, while other stages hold only test users.',
            },
          ]),
    ]);

    for (const group of GROUPS) {
      this.userPool.addGroup(`Group-${group}`, { groupName: group });
    }

    this.webClient = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP only: the password never leaves the browser. (The local stack's own client allows
      // USER_PASSWORD_AUTH, which cognito-local needs; config.json names the flow, so one web build serves
      // both.) Refresh-token auth is always enabled by Cognito for a client.
      authFlows: { userSrp: true },
      // Sign-in failures never tell whether the email exists (docs/decisions/0004-password-reset-for-an-unknown-email.md).
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      disableOAuth: true,
      // spec 4: the SPA refreshes tokens every 55 minutes, so one-hour tokens never lapse while it runs.
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(1),
    });

    this.machineApi = this.userPool.addResourceServer('MachineApi', {
      identifier: MACHINE_RESOURCE_SERVER,
      userPoolResourceServerName: 'Lenslab machine API',
      scopes: MACHINE_SCOPES.map(
        (scopeName) =>
          new cognito.ResourceServerScope({ scopeName, scopeDescription: MACHINE_SCOPE_DESCRIPTIONS[scopeName] }),
      ),
    });
    // The client-credentials grant is served only on a domain; no hosted sign-in page is used (the web client has
    // OAuth off). The account in the prefix keeps it unique in the region.
    this.tokenDomain = this.userPool.addDomain('TokenDomain', {
      cognitoDomain: { domainPrefix: `lenslab-${config.stage}-${Stack.of(this).account}` },
    });

    if (config.production) riskConfiguration(this, this.userPool);
  }

  /** The `iss` claim of the pool's tokens; the JWT authorizer and the handlers check it. */
  get issuer(): string {
    return `https://cognito-idp.${this.userPool.stack.region}.${this.userPool.stack.urlSuffix}/${this.userPool.userPoolId}`;
  }
}

/**
 * What threat protection does in production (full-function mode), for every app client: a sign-in, sign-up or
 * password change with a password known from a breach is blocked; a sign-in Cognito rates as medium risk must
 * pass MFA where the user has it, and a high-risk one must pass MFA or is blocked (lab staff always have TOTP;
 * practices without it are blocked). No notification emails: they would need their own templates and sender.
 */
function riskConfiguration(scope: Construct, userPool: cognito.UserPool): void {
  const action = (eventAction: string) => ({ eventAction, notify: false });
  new cognito.CfnUserPoolRiskConfigurationAttachment(scope, 'ThreatProtection', {
    userPoolId: userPool.userPoolId,
    clientId: 'ALL',
    compromisedCredentialsRiskConfiguration: {
      actions: { eventAction: 'BLOCK' },
      eventFilter: ['SIGN_IN', 'PASSWORD_CHANGE', 'SIGN_UP'],
    },
    accountTakeoverRiskConfiguration: {
      actions: {
        lowAction: action('NO_ACTION'),
        mediumAction: action('MFA_IF_CONFIGURED'),
        highAction: action('MFA_REQUIRED'),
      },
    },
  });
}

/**
 * Who sends Cognito's codes: its built-in sender, or SES from the portal's address through the identity
 * the Email construct creates (the domain identity when the whole domain is verified).
 */
function cognitoEmail(config: StageConfig, region: string, pending: boolean): cognito.UserPoolEmail {
  if (config.email.cognitoSender === 'cognito' || pending) return cognito.UserPoolEmail.withCognito();
  return cognito.UserPoolEmail.withSES({
    fromEmail: config.email.from,
    fromName: 'Lenslab Portal',
    sesRegion: region,
    ...(config.email.identity === 'domain' && { sesVerifiedDomain: senderDomain(config) }),
  });
}

/** The context flag of a stage's first deployment, before its SES identity exists (docs/deploy.md "Email (SES)"). */
export const SES_PENDING_CONTEXT = 'sesPending';

/**
 * Cognito refuses an SES sender whose identity is not verified, and the identity is created by this same stack,
 * so a stage that sends through SES (prod must: stage-config.ts) cannot be created in one go. Its first deploy
 * passes `-c sesPending=true`: Cognito's built-in sender for that one deployment, with a warning; the next
 * deploy, once the identity is verified, switches to SES. The stage config itself never allows it.
 */
function sesPending(scope: Construct): boolean {
  const pending = String(scope.node.tryGetContext(SES_PENDING_CONTEXT) ?? '') === 'true';
  if (pending) {
    Annotations.of(scope).addWarning(
      `-c ${SES_PENDING_CONTEXT}=true: Cognito sends its codes with its built-in sender (50 a day) until the next deploy without it. Verify the SES identity, then deploy again.`,
    );
  }
  return pending;
}
