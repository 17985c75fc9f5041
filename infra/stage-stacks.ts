import { Annotations, type App } from 'aws-cdk-lib';
import { EdgeMonitoringStack } from './edge-monitoring-stack';
import { PortalStack, type PortalStackProps } from './portal-stack';
import { edgeStackName, portalStackName } from './stack-names';
import type { StageConfig } from './stage-config';

export interface StageStacks {
  portal: PortalStack;
  /** Absent when the stage's region is unknown (an offline synth without an AWS profile). */
  edge?: EdgeMonitoringStack;
}

/**
 * The stacks of one stage: the portal in the stage's region and its CloudFront alarm in us-east-1. The edge stack
 * reads the portal stack's outputs in the portal's region, so it needs that region: the CLI profile gives it at
 * deploy time (CDK_DEFAULT_REGION); an offline synth without one leaves the edge stack out, with a warning.
 */
export function addStageStacks(
  app: App,
  config: StageConfig,
  options: Omit<PortalStackProps, 'config'> = {},
): StageStacks {
  const portal = new PortalStack(app, portalStackName(config.stage), { ...options, config });
  if (!config.region) {
    Annotations.of(portal).addWarningV2(
      'lenslab:edge-stack-needs-region',
      `No region: ${edgeStackName(config.stage)} (the CloudFront alarm, us-east-1) is left out. Synthesize with an AWS profile or CDK_DEFAULT_REGION to include it.`,
    );
    return { portal };
  }
  const edge = new EdgeMonitoringStack(app, edgeStackName(config.stage), { config, portalRegion: config.region });
  edge.addStackDependency(portal, 'reads the distribution id from the portal stack outputs');
  return { portal, edge };
}
