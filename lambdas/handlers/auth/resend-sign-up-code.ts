import { authRoutes } from '../../../core/routes/auth';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { dynamoSignUpCodes } from '../../adapters/dynamo-sign-up-codes';
import { sesAccountNotices } from '../../adapters/ses-account-notices';
import { createHandler } from '../../http/create-handler';
import { randomSignUpCode, resendSignUpCode } from '../../use-cases/auth/sign-up-code';
import { systemClock } from '../../kernel/clock';

const notices = sesAccountNotices();
const limiter = dynamoRateLimiter();
const codes = dynamoSignUpCodes();

export const handler = createHandler(authRoutes.resendSignUpCode, ({ email }, ctx) =>
  resendSignUpCode(email, ctx.sourceIp, {
    codes,
    notices,
    limiter,
    newCode: randomSignUpCode,
    now: systemClock.now,
    log: ctx.log,
  }),
);
