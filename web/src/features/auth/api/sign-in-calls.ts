/** The chunk sign-in.ts loads on the first submit. */
export { confirmSignIn, signIn } from 'aws-amplify/auth';
