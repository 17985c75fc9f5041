import { beforeAll, describe, expect, test } from 'vitest';
import { parseStageConfig, stageConfig, stageDefinitions, type StageConfigInput } from '../../infra/stage-config';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { render, resourcesOf } from './support/template-walk';

/**
 * TOTP for lab staff (pool MFA OPTIONAL, authenticator apps only), SRP-only sign-in,
 * threat protection in production, and production's Cognito emails through SES.
 */
let staging: SynthResult;
let prod: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

const pool = (result: SynthResult) => resourcesOf(result.template, 'AWS::Cognito::UserPool').UserPool!.Properties!;
const clients = (result: SynthResult) =>
  Object.values(resourcesOf(result.template, 'AWS::Cognito::UserPoolClient')).map((c) => c.Properties!);

describe('second factor', () => {
  test.each([['staging'], ['prod']] as const)(
    '%s: MFA is optional per user, with authenticator apps (TOTP) as the only factor',
    (stage) => {
      const props = pool(stage === 'staging' ? staging : prod);
      expect(props.MfaConfiguration).toBe('OPTIONAL');
      expect(props.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    },
  );

  test.each([['staging'], ['prod']] as const)(
    '%s: deployed app clients sign in with SRP only (no plain password flow)',
    (stage) => {
      for (const client of clients(stage === 'staging' ? staging : prod)) {
        expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual(
          ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'].sort(),
        );
      }
    },
  );
});

describe('threat protection', () => {
  test('prod is on the Plus plan with standard threat protection in full-function (enforced) mode', () => {
    const props = pool(prod);
    expect(props.UserPoolTier).toBe('PLUS');
    expect(props.UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
  });

  test('prod blocks leaked passwords and challenges risky sign-ins, for every app client', () => {
    const attachments = Object.values(
      resourcesOf(prod.template, 'AWS::Cognito::UserPoolRiskConfigurationAttachment'),
    ).map((r) => r.Properties!);
    expect(attachments).toHaveLength(1);
    const risk = attachments[0]!;
    expect(render(risk.UserPoolId)).toBe('${UserPool}');
    expect(risk.ClientId).toBe('ALL');
    expect(risk.CompromisedCredentialsRiskConfiguration).toEqual({
      Actions: { EventAction: 'BLOCK' },
      EventFilter: ['SIGN_IN', 'PASSWORD_CHANGE', 'SIGN_UP'],
    });
    expect(risk.AccountTakeoverRiskConfiguration).toEqual({
      Actions: {
        LowAction: { EventAction: 'NO_ACTION', Notify: false },
        MediumAction: { EventAction: 'MFA_IF_CONFIGURED', Notify: false },
        HighAction: { EventAction: 'MFA_REQUIRED', Notify: false },
      },
    });
  });

  test('staging has no threat protection (and pays for no Plus plan)', () => {
    const props = pool(staging);
    expect(props.UserPoolTier).toBeUndefined();
    expect(props.UserPoolAddOns).toBeUndefined();
    expect(resourcesOf(staging.template, 'AWS::Cognito::UserPoolRiskConfigurationAttachment')).toEqual({});
  });
});

describe("Cognito's emails", () => {
  test('prod sends verification and reset codes through SES from the portal domain', () => {
    const email = pool(prod).EmailConfiguration as Record<string, unknown>;
    expect(email.EmailSendingAccount).toBe('DEVELOPER');
    expect(email.From).toBe('Lenslab Portal <no-reply@lenslab.example>');
    expect(render(email.SourceArn)).toBe(
      'arn:${AWS::Partition}:ses:${AWS::Region}:${AWS::AccountId}:identity/lenslab.example',
    );
    expect(stageConfig('prod', {}).email.cognitoSender).toBe('ses');
  });

  test("a production stage with Cognito's built-in sender fails, naming email.cognitoSender", () => {
    const prodDefinition = structuredClone(stageDefinitions({}).prod!) as StageConfigInput;
    prodDefinition.email.cognitoSender = 'cognito';
    expect(() => parseStageConfig(prodDefinition)).toThrow(
      /email\.cognitoSender: production sends Cognito's emails through SES \("ses"\): the built-in sender allows 50 emails a day/,
    );
  });

  test("a stage's first deploy (-c sesPending=true) uses the built-in sender once, with a warning", () => {
    const first = synthPortal({ stage: 'prod', functionCode: 'placeholder', context: { sesPending: 'true' } });
    expect((pool(first).EmailConfiguration as Record<string, unknown>).EmailSendingAccount).toBe('COGNITO_DEFAULT');
    const warnings = first.stack.node
      .findAll()
      .flatMap((c) => c.node.metadata)
      .filter((m) => m.type === 'aws:cdk:warning')
      .map((m) => String(m.data));
    expect(warnings.some((w) => w.includes('sesPending=true'))).toBe(true);
  });

  test("staging may keep Cognito's built-in sender (no SES verification needed for a first deploy)", () => {
    expect(stageConfig('staging', {}).email.cognitoSender).toBe('cognito');
    expect((pool(staging).EmailConfiguration as Record<string, unknown>).EmailSendingAccount).toBe('COGNITO_DEFAULT');
  });
});
