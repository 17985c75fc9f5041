import { awsJsonCall } from './aws-request';

/**
 * The Cognito user pool API (JSON 1.1). AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at the local bridge
 * in front of cognito-local.
 */
const COGNITO_IDP = {
  signingName: 'cognito-idp',
  endpointEnv: 'COGNITO_IDENTITY_PROVIDER',
  defaultEndpoint: (region: string) => `https://cognito-idp.${region}.amazonaws.com`,
  targetPrefix: 'AWSCognitoIdentityProviderService',
  jsonVersion: '1.1',
} as const;

/** Operations a client calls for itself, which the SDK sends unsigned: no IAM role is involved. */
const UNSIGNED = new Set(['SignUp']);

/** One operation with the SDK's input fields; refusals are AwsServiceErrors named as Cognito names them. */
export function cognitoCall<T>(operation: string, input: object): Promise<T> {
  return awsJsonCall<T>(COGNITO_IDP, operation, input, { unsigned: UNSIGNED.has(operation) });
}

export interface AttributeType {
  Name: string;
  Value?: string;
}

/** A user as AdminGetUser, ListUsers and AdminCreateUser answer (the first names its attributes differently). */
export interface CognitoUser {
  Username?: string;
  Attributes?: AttributeType[];
  UserAttributes?: AttributeType[];
  Enabled?: boolean;
  UserStatus?: string;
  /** Seconds since the epoch: the JSON protocol's timestamps, which the SDK turned into Dates. */
  UserCreateDate?: number;
  UserMFASettingList?: string[];
}
