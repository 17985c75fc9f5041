import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { senderDomain, type StageConfig } from '../stage-config';

export interface EmailProps {
  config: StageConfig;
}

/** The SES identity the portal sends from. It still has to be verified (DNS or link), see docs/deploy.md. */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly from: string;

  constructor(scope: Construct, id: string, { config }: EmailProps) {
    super(scope, id);
    this.from = config.email.from;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity:
        config.email.identity === 'domain' ? ses.Identity.domain(senderDomain(config)) : ses.Identity.email(this.from),
    });
  }
}
