import { Aspects, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks, type INagLogger } from 'cdk-nag';

/**
 * Adds the AWS Solutions and HIPAA Security packs to the app; the list fills, when it synthesizes, with each
 * unsuppressed finding ("rule at path") and each rule that could not be evaluated ("rule: error").
 */
export function nagFindings(app: App): string[] {
  const findings: string[] = [];
  const logger: INagLogger = {
    onCompliance: () => undefined,
    onNotApplicable: () => undefined,
    onSuppressed: () => undefined,
    onSuppressedError: () => undefined,
    onNonCompliance: (d) => findings.push(`${d.ruleId} at ${d.resource.node.path}`),
    onError: (d) => findings.push(`${d.ruleId}: ${d.errorMessage}`),
  };
  Aspects.of(app).add(new AwsSolutionsChecks({ additionalLoggers: [logger], reports: false }));
  Aspects.of(app).add(new HIPAASecurityChecks({ additionalLoggers: [logger], reports: false }));
  return findings;
}
