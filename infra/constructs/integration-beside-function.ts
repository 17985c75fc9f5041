import { Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';

/**
 * A Lambda proxy integration whose two resources, the API Gateway integration and the function's invoke
 * permission, are created in the function's stack (its route group's nested stack) instead of beside the
 * route. The route itself stays in the parent stack with its logical id: a route key is unique per API, so
 * a route re-created in another stack would collide with the old one while CloudFormation updates (it
 * creates before it deletes). Integrations and permissions have no such key and move freely, which keeps
 * the parent at one resource per route.
 *
 * CDK creates both resources in the scope `_bindToRoute` receives; this hands it the function's stack.
 * tests/infra/stack-layout.test.ts checks where they land, so a CDK change here fails a test, not a deploy.
 */
export class LambdaIntegrationBesideFunction extends HttpLambdaIntegration {
  private readonly fn: lambda.IFunction;

  constructor(id: string, fn: lambda.IFunction) {
    super(id, fn);
    this.fn = fn;
  }

  override _bindToRoute(options: apigw.HttpRouteIntegrationBindOptions): { readonly integrationId: string } {
    return super._bindToRoute({ ...options, scope: Stack.of(this.fn) });
  }
}
