import { describe, expect, it } from 'vitest';
import { grantedMachineScopes, hasMachineScopes, qualifiedScope } from '../../../core/rules/machine-scopes';

describe('machine scopes (docs/decisions/0104-machine-api.md)', () => {
  it("a token's scope claim grants only the lenslab resource server's known scopes", () => {
    expect(
      grantedMachineScopes('lenslab/orders.read other/invoices.write aws.cognito.signin.user.admin lenslab/nope'),
    ).toEqual(['orders.read']);
    expect(grantedMachineScopes('lenslab/orders.read  lenslab/invoices.write lenslab/orders.read')).toEqual([
      'orders.read',
      'invoices.write',
    ]);
  });

  it('no claim, or a claim that is not a string, grants nothing', () => {
    expect(grantedMachineScopes(undefined)).toEqual([]);
    expect(grantedMachineScopes(['lenslab/orders.read'])).toEqual([]);
  });

  it('a route needing two scopes needs both; a route naming none admits no one', () => {
    expect(hasMachineScopes(['orders.write-status', 'invoices.write'], ['orders.write-status', 'invoices.write'])).toBe(
      true,
    );
    expect(hasMachineScopes(['orders.write-status'], ['orders.write-status', 'invoices.write'])).toBe(false);
    expect(hasMachineScopes(['orders.read'], [])).toBe(false);
  });

  it('names a scope as Cognito does, below the resource server', () => {
    expect(qualifiedScope('invoices.write')).toBe('lenslab/invoices.write');
  });
});
