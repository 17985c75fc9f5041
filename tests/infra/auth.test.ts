import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { GROUPS } from '../../core/constants';
import { PASSWORD_POLICY } from '../../core/password-policy';
import { MACHINE_RESOURCE_SERVER, MACHINE_SCOPES } from '../../core/rules/machine-scopes';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { render, resourcesOf } from './support/template-walk';

let staging: SynthResult;
let sesSender: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  sesSender = synthPortal({
    stage: 'prod',
    functionCode: 'placeholder',
    override: (definition) => ({ ...definition, email: { ...definition.email, cognitoSender: 'ses' } }),
  });
});

describe('Cognito user pool (spec 1: email sign-in, verification by email)', () => {
  test('signs in by email, case-insensitively, with email verification by code', () => {
    staging.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  test('refuses self sign-up at the pool: only the signUp route creates users (docs/decisions/0086-no-account-enumeration.md)', () => {
    for (const { template } of [staging, sesSender]) {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
      });
    }
  });

  test('enforces the password policy of core/password-policy.ts', () => {
    staging.template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        }),
      },
    });
  });

  test('has exactly the groups of GROUPS: the roles customer, admin and superadmin, and the billing permission', () => {
    const groups = Object.values(resourcesOf(staging.template, 'AWS::Cognito::UserPoolGroup'));
    expect(groups.map((g) => g.Properties?.GroupName).sort()).toEqual([...GROUPS].sort());
    for (const group of groups) expect(group.Properties?.UserPoolId).toEqual({ Ref: 'UserPool' });
  });

  test('the web client has no secret, prevents user-existence errors and allows only SRP and refresh auth', () => {
    const clients = Object.values(resourcesOf(staging.template, 'AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(1);
    const client = clients[0]!.Properties!;
    expect(client.GenerateSecret).toBe(false);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
    expect(client.EnableTokenRevocation).toBe(true);
    expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual(
      ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'].sort(),
    );
    expect(client.UserPoolId).toEqual({ Ref: 'UserPool' });
  });

  test('ID tokens outlive the SPA refresh interval (spec 4: refresh every 55 minutes)', () => {
    staging.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      IdTokenValidity: 60,
      TokenValidityUnits: Match.objectLike({ IdToken: 'minutes' }),
    });
  });

  test('by default Cognito sends its codes itself (no SES verification needed for a first deploy)', () => {
    staging.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
  });

  test('with cognitoSender "ses" the codes come from the portal address through the verified domain', () => {
    const config = resourcesOf(sesSender.template, 'AWS::Cognito::UserPool').UserPool!.Properties!
      .EmailConfiguration as Record<string, unknown>;
    expect(config.EmailSendingAccount).toBe('DEVELOPER');
    expect(config.From).toBe('Lenslab Portal <no-reply@lenslab.example>');
    expect(render(config.SourceArn)).toBe(
      'arn:${AWS::Partition}:ses:${AWS::Region}:${AWS::AccountId}:identity/lenslab.example',
    );
  });

  test('the user pool keeps the logical id "UserPool"', () => {
    expect(Object.keys(resourcesOf(staging.template, 'AWS::Cognito::UserPool'))).toEqual(['UserPool']);
  });
});

describe('the machine API in the user pool (docs/decisions/0104-machine-api.md)', () => {
  test('a resource server declares the machine scopes of core/rules/machine-scopes.ts', () => {
    const servers = Object.values(resourcesOf(staging.template, 'AWS::Cognito::UserPoolResourceServer'));
    expect(servers).toHaveLength(1);
    const props = servers[0]!.Properties!;
    expect(props.Identifier).toBe(MACHINE_RESOURCE_SERVER);
    expect(props.UserPoolId).toEqual({ Ref: 'UserPool' });
    expect((props.Scopes as { ScopeName: string }[]).map((s) => s.ScopeName).sort()).toEqual(
      [...MACHINE_SCOPES].sort(),
    );
  });

  test('a Cognito domain serves the token endpoint, and the web client still has OAuth off', () => {
    const domains = Object.values(resourcesOf(staging.template, 'AWS::Cognito::UserPoolDomain'));
    expect(domains).toHaveLength(1);
    expect(render(domains[0]!.Properties!.Domain)).toBe('lenslab-staging-${AWS::AccountId}');
    const [web] = Object.values(resourcesOf(staging.template, 'AWS::Cognito::UserPoolClient'));
    expect(web!.Properties!.AllowedOAuthFlows).toBeUndefined();
  });
});
