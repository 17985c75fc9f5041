import * as events from 'aws-cdk-lib/aws-events';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { senderDomain, type StageConfig } from '../stage-config';

export interface EmailProps {
  config: StageConfig;
}

/** The configuration set every portal email names: `lenslab-{stage}`. */
export const configurationSetName = (config: StageConfig) => `lenslab-${config.stage}`;

/**
 * The SES identity the portal sends from (it still has to be verified, DNS or link: docs/deploy.md) and the
 * configuration set every email names. The set publishes bounces and complaints to the default EventBridge bus
 * (infra/constructs/email-feedback.ts records the addresses), keeps reputation metrics of the stage's own
 * email, and lets SES's suppression list stop mail to an address that bounced or complained even before the
 * portal has recorded it.
 */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly from: string;
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, { config }: EmailProps) {
    super(scope, id);
    this.from = config.email.from;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity:
        config.email.identity === 'domain' ? ses.Identity.domain(senderDomain(config)) : ses.Identity.email(this.from),
    });
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: configurationSetName(config),
      reputationMetrics: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
  }
}
