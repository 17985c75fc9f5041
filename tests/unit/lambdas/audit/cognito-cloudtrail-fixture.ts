import type { CloudTrailCall, CloudTrailDetail } from '../../../../lambdas/events/auth-audit';

/**
 * CloudTrail's records of Cognito user-pool activity, as EventBridge delivers them, for the audit consumer
 * (lambdas/events/auth-audit.ts). Two kinds, kept apart on purpose:
 *
 * DOCUMENTED: Amazon Cognito's own example events, the record (`detail`) as the page shows it, values and all:
 *   https://docs.aws.amazon.com/cognito/latest/developerguide/understanding-amazon-cognito-entries.html
 *   ("Example CloudTrail events for a hosted UI sign-up", "... for requests to the token endpoint").
 * They are all hosted UI events (`eventType: AwsServiceEvent`), which EventBridge delivers with the detail-type
 * "AWS Service Event via CloudTrail", not "AWS API Call via CloudTrail"
 * (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-service-event-cloudtrail.html). The page has no
 * example of any user-pool API call (InitiateAuth, RespondToAuthChallenge, ChangePassword, ...).
 *
 * CONSTRUCTED: records of the calls the audit trail does record, built from what AWS states rather than shows:
 * "Amazon Cognito records UserSub but not UserName in CloudTrail logs for requests that are specific to a user"
 * (https://docs.aws.amazon.com/cognito/latest/developerguide/logging-using-cloudtrail.html, "Information that
 * Amazon Cognito sends to CloudTrail"), private fields replaced by a marker, and the shape of failed sign-ins
 * quoted from real trails in public repositories (camelCase `requestParameters`, the whole `authParameters`
 * replaced by the marker, `errorCode` with Cognito's exception name, the user's `sub` in `additionalEventData`).
 * Not AWS examples: docs/security.md lists what a real deployment still has to confirm.
 */

/** The `sub` of the documented Confirm_POST example, used as the known user of the constructed records. */
export const DOCUMENTED_SUB = '704b1e47-34fe-40e9-8c41-504997494531';

/** The EventBridge envelope around a CloudTrail record (the documented fields EventBridge adds). */
export function viaEventBridge(
  detail: CloudTrailDetail & Record<string, unknown>,
  detailType: 'AWS API Call via CloudTrail' | 'AWS Service Event via CloudTrail',
): CloudTrailCall {
  return {
    version: '0',
    id: `eb-${String(detail.eventID)}`,
    'detail-type': detailType as 'AWS API Call via CloudTrail',
    source: 'aws.cognito-idp',
    account: '123456789012',
    time: String(detail.eventTime),
    region: 'us-west-2',
    resources: [],
    detail,
  };
}

/** DOCUMENTED: "when a new user navigates to the sign-in page for your app" (note `errorCode: ""`). */
export const documentedLoginGet = {
  eventVersion: '1.08',
  userIdentity: { accountId: '123456789012' },
  eventTime: '2022-04-06T05:38:12Z',
  eventSource: 'cognito-idp.amazonaws.com',
  eventName: 'Login_GET',
  awsRegion: 'us-west-2',
  sourceIPAddress: '192.0.2.1',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)...',
  errorCode: '',
  errorMessage: '',
  additionalEventData: {
    responseParameters: { status: 200.0 },
    requestParameters: {
      redirect_uri: ['https://www.amazon.com'],
      response_type: ['token'],
      client_id: ['1example23456789'],
    },
  },
  eventID: '382ae09a-151d-4116-8f2b-6ac0a804a38c',
  readOnly: true,
  eventType: 'AwsServiceEvent',
  managementEvent: true,
  recipientAccountId: '123456789012',
  serviceEventDetails: { serviceAccountId: '111122223333' },
  eventCategory: 'Management',
};

/** DOCUMENTED: "when a new user chooses a user name, enters an email address, and chooses a password". */
export const documentedSignupPost = {
  eventVersion: '1.08',
  userIdentity: { accountId: '123456789012' },
  eventTime: '2022-05-05T23:22:05Z',
  eventSource: 'cognito-idp.amazonaws.com',
  eventName: 'Signup_POST',
  awsRegion: 'us-west-2',
  sourceIPAddress: '192.0.2.1',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)...',
  requestParameters: null,
  responseElements: null,
  additionalEventData: {
    responseParameters: { status: 302 },
    requestParameters: {
      password: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
      'requiredAttributes[email]': ['HIDDEN_DUE_TO_SECURITY_REASONS'],
      response_type: ['code'],
      _csrf: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
      redirect_uri: ['https://www.amazon.com'],
      client_id: ['1example23456789'],
      username: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
    },
    userPoolDomain: 'mydomain.us-west-2.amazoncognito.com',
    userPoolId: 'us-west-2_aaaaaaaaa',
  },
  requestID: '9ad58dd8-3517-4aa8-96a5-d17a01df9eb4',
  eventID: 'c75eb7a5-eb8c-43d1-8331-f4412e756e69',
  readOnly: false,
  eventType: 'AwsServiceEvent',
  managementEvent: true,
  recipientAccountId: '123456789012',
  serviceEventDetails: { serviceAccountId: '111122223333' },
  eventCategory: 'Management',
};

/** DOCUMENTED: "a user enters a code that Amazon Cognito sent them in an email message" (the sub, as a list). */
export const documentedConfirmPost = {
  eventVersion: '1.08',
  userIdentity: { accountId: '123456789012' },
  eventTime: '2022-05-05T23:23:32Z',
  eventSource: 'cognito-idp.amazonaws.com',
  eventName: 'Confirm_POST',
  awsRegion: 'us-west-2',
  sourceIPAddress: '192.0.2.1',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)...',
  requestParameters: null,
  responseElements: null,
  additionalEventData: {
    responseParameters: { status: 302 },
    requestParameters: {
      confirm: [''],
      deliveryMedium: ['EMAIL'],
      sub: [DOCUMENTED_SUB],
      code: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
      destination: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
      response_type: ['code'],
      _csrf: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
      cognitoAsfData: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
      redirect_uri: ['https://www.amazon.com'],
      client_id: ['1example23456789'],
      username: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
    },
    userPoolDomain: 'mydomain.us-west-2.amazoncognito.com',
    userPoolId: 'us-west-2_aaaaaaaaa',
  },
  requestID: '9764300a-ed35-4f87-8a0f-b18b3fe2b11e',
  eventID: 'e24ac6e5-2f70-4c6e-ad4e-2f08a547bb36',
  readOnly: false,
  eventType: 'AwsServiceEvent',
  managementEvent: true,
  recipientAccountId: '123456789012',
  serviceEventDetails: { serviceAccountId: '111122223333' },
  eventCategory: 'Management',
};

/** DOCUMENTED: "when your app exchanges a refresh token for a new ID and access token with your /oauth2/token". */
export const documentedTokenPostRefresh = {
  eventVersion: '1.08',
  userIdentity: { accountId: '123456789012' },
  eventTime: '2022-05-12T22:16:40Z',
  eventSource: 'cognito-idp.amazonaws.com',
  eventName: 'Token_POST',
  awsRegion: 'us-west-2',
  sourceIPAddress: '192.0.2.1',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)...',
  requestParameters: null,
  responseElements: null,
  additionalEventData: {
    responseParameters: { status: 200 },
    requestParameters: {
      refresh_token: ['HIDDEN_DUE_TO_SECURITY_REASONS'],
      grant_type: ['refresh_token'],
      client_id: ['1example23456789'],
    },
    userPoolDomain: 'mydomain.us-west-2.amazoncognito.com',
    userPoolId: 'us-west-2_aaaaaaaaa',
  },
  requestID: '2829f0c6-a3a9-4584-b046-11756dfe8a81',
  eventID: '12bd3464-59c7-44fa-b8ff-67e1cf092018',
  readOnly: false,
  eventType: 'AwsServiceEvent',
  managementEvent: true,
  recipientAccountId: '123456789012',
  serviceEventDetails: { serviceAccountId: '111122223333' },
  eventCategory: 'Management',
};

export const DOCUMENTED_EXAMPLES = [
  documentedLoginGet,
  documentedSignupPost,
  documentedConfirmPost,
  documentedTokenPostRefresh,
] as const;

/** The fields every CONSTRUCTED record shares, as the documented records have them. */
const apiCall = (eventID: string, fields: Record<string, unknown>) => ({
  eventVersion: '1.08',
  userIdentity: { accountId: '123456789012' },
  eventTime: '2026-12-02T03:00:00Z',
  eventSource: 'cognito-idp.amazonaws.com',
  awsRegion: 'us-west-2',
  sourceIPAddress: '192.0.2.1',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)...',
  responseElements: null,
  eventID,
  eventType: 'AwsApiCall',
  managementEvent: true,
  recipientAccountId: '123456789012',
  eventCategory: 'Management',
  ...fields,
});

/** CONSTRUCTED: a refused password on InitiateAuth, in the shape public trails show. */
export const constructedInitiateAuthRefused = (clientId: string) =>
  apiCall('c0000000-0000-4000-8000-000000000001', {
    eventName: 'InitiateAuth',
    errorCode: 'NotAuthorizedException',
    errorMessage: 'Incorrect username or password.',
    requestParameters: {
      authFlow: 'USER_PASSWORD_AUTH',
      authParameters: 'HIDDEN_DUE_TO_SECURITY_REASONS',
      clientId,
    },
    additionalEventData: { sub: DOCUMENTED_SUB },
  });

/** CONSTRUCTED: the portal's SRP sign-in refuses the password on RespondToAuthChallenge (PASSWORD_VERIFIER). */
export const constructedPasswordVerifierRefused = (clientId: string, sub?: string) =>
  apiCall('c0000000-0000-4000-8000-000000000002', {
    eventName: 'RespondToAuthChallenge',
    errorCode: 'NotAuthorizedException',
    errorMessage: 'Incorrect username or password.',
    requestParameters: {
      challengeName: 'PASSWORD_VERIFIER',
      challengeResponses: 'HIDDEN_DUE_TO_SECURITY_REASONS',
      clientId,
    },
    additionalEventData: sub ? { sub } : {},
  });

/** CONSTRUCTED: the user's own sign-out everywhere: an access-token call that names neither pool nor client. */
export const constructedGlobalSignOut = (sub: string) =>
  apiCall('c0000000-0000-4000-8000-000000000003', {
    eventName: 'GlobalSignOut',
    requestParameters: { accessToken: 'HIDDEN_DUE_TO_SECURITY_REASONS' },
    additionalEventData: { sub },
  });

/**
 * CONSTRUCTED: the lab signs a user out everywhere. The user name is hidden, here with the marker as the prose of
 * "Amazon Cognito information in CloudTrail" spells it (the example events spell it HIDDEN_DUE_TO_...).
 */
export const constructedAdminGlobalSignOut = (userPoolId: string) =>
  apiCall('c0000000-0000-4000-8000-000000000004', {
    eventName: 'AdminUserGlobalSignOut',
    requestParameters: { userPoolId, username: 'HIDDEN_FOR_SECURITY_REASONS' },
    additionalEventData: { sub: DOCUMENTED_SUB },
  });
