import { App } from 'aws-cdk-lib';
import { stageConfig } from '../infra/stage-config';
import { addStageStacks } from '../infra/stage-stacks';

/**
 * The CDK app: `cdk synth|deploy -c stage=staging|prod` (default staging). The `local` stage is the
 * emulator stack of `npm start` and is refused here: it has no AWS account to go to.
 */
const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'staging');
if (stage === 'local') {
  throw new Error(
    'The "local" stage runs on emulators (npm start) and is not deployed to AWS. Use -c stage=staging or -c stage=prod.',
  );
}
addStageStacks(app, stageConfig(stage));
