import { Annotations, type App } from 'aws-cdk-lib';
import { ROUTE_LIST } from '../core/routes';
import { EdgeFirewallStack } from './edge-firewall-stack';
import { EdgeMonitoringStack } from './edge-monitoring-stack';
import { PortalStack, type PortalStackProps } from './portal-stack';
import { edgeFirewallStackName, edgeStackName, portalStackName } from './stack-names';
import type { StageConfig } from './stage-config';

export interface StageStacks {
  portal: PortalStack;
  /** Absent when the stage's region is unknown (an offline synth without an AWS profile). */
  edge?: EdgeMonitoringStack;
  /** The CloudFront web ACL, in us-east-1; needs no region of the portal's, so it is always there. */
  firewall: EdgeFirewallStack;
}

/**
 * The stacks of one stage: the portal in the stage's region, its CloudFront web ACL (deployed before it) and its
 * CloudFront alarm (after it) in us-east-1. The edge stack
 * reads the portal stack's outputs in the portal's region, so it needs that region: the CLI profile gives it at
 * deploy time (CDK_DEFAULT_REGION); an offline synth without one leaves the edge stack out, with a warning.
 */
export function addStageStacks(
  app: App,
  config: StageConfig,
  options: Omit<PortalStackProps, 'config'> = {},
): StageStacks {
  // The CloudFront web ACL must be in us-east-1: its own stack, deployed first; the distribution reads its ARN.
  const firewall = new EdgeFirewallStack(app, edgeFirewallStackName(config.stage), {
    config,
    routes: options.routes ?? ROUTE_LIST,
  });
  const portal = new PortalStack(app, portalStackName(config.stage), { ...options, config });
  portal.addStackDependency(firewall, "the distribution reads the web ACL's ARN from the firewall stack");
  if (!config.region) {
    Annotations.of(portal).addWarningV2(
      'lenslab:edge-stack-needs-region',
      `No region: ${edgeStackName(config.stage)} (the CloudFront alarm, us-east-1) is left out. Synthesize with an AWS profile or CDK_DEFAULT_REGION to include it.`,
    );
    return { portal, firewall };
  }
  const edge = new EdgeMonitoringStack(app, edgeStackName(config.stage), { config, portalRegion: config.region });
  edge.addStackDependency(portal, 'reads the distribution id from the portal stack outputs');
  return { portal, edge, firewall };
}
