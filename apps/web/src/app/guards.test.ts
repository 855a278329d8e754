import { describe, expect, it } from 'vitest';
import { fakeAccount } from '../test/fakeApi.ts';
import { documentTitle, isPermitted, mustSignIn, redirectTarget } from './guards.ts';
import type { RouteDef } from './routeDef.ts';
import { ACCOUNT_ROUTE, LAYOUT_ROUTE, PUBLIC_ROUTES } from './routeTable.ts';

const account = fakeAccount;

describe('the access rule', () => {
  it('sends a visitor without a token to login, except on routes that ignore authorization', () => {
    expect(mustSignIn([LAYOUT_ROUTE.meta], null)).toBe(true);
    expect(mustSignIn([LAYOUT_ROUTE.meta], 'token')).toBe(false);
    for (const route of PUBLIC_ROUTES) expect(mustSignIn([route.meta], null), route.path).toBe(false);
    expect(mustSignIn([], null)).toBe(true);
  });

  it('marks exactly login, register, forget-password and reset-password as public', () => {
    expect(PUBLIC_ROUTES.map((r) => r.path)).toEqual(['/login', '/register', '/forget-password', '/reset-password']);
    expect(PUBLIC_ROUTES.every((r) => r.meta.ingoreAuthrization === true)).toBe(true);
  });
});

describe('the title rule', () => {
  const translate = (key: string) => ({ 'route.login': 'Login', 'custom.title': 'Custom' })[key] ?? key;
  it('is "<page title> - {brand}", preferring browserTitle', () => {
    expect(documentTitle({ title: 'route.login' }, translate, 'LeadReel')).toBe('Login - LeadReel');
    expect(documentTitle({ title: 'route.login', browserTitle: 'custom.title' }, translate, 'Acme')).toBe(
      'Custom - Acme',
    );
    expect(documentTitle(undefined, translate, 'Acme')).toBe('Acme');
  });
});

describe('parents and permissions', () => {
  it('the signed-in layout redirects to the admin home page', () => {
    expect(redirectTarget(LAYOUT_ROUTE, account())).toBe('dashboard-overview');
  });

  it('the account area goes to its first permitted child: affiliate-system only for referrers', () => {
    expect(redirectTarget(ACCOUNT_ROUTE, account())).toBe('memberships');
    expect(redirectTarget(ACCOUNT_ROUTE, account({ isReferer: true }))).toBe('affiliate-system');
  });

  it('offers change-password with a password and set-password without one', () => {
    const child = (name: string) => ACCOUNT_ROUTE.children?.find((c) => c.name === name) as RouteDef;
    expect(isPermitted(child('change-password'), account())).toBe(true);
    expect(isPermitted(child('set-password'), account())).toBe(false);
    expect(isPermitted(child('change-password'), account({ hasPassword: false }))).toBe(false);
    expect(isPermitted(child('set-password'), account({ hasPassword: false }))).toBe(true);
  });

  it('a parent is permitted when any child is, and not when none is', () => {
    const parent: RouteDef = {
      name: 'p',
      path: 'p',
      meta: { title: 'x' },
      children: [
        { name: 'a', path: 'a', meta: { title: 'a' }, permission: (a) => a.isReferer },
        { name: 'b', path: 'b', meta: { title: 'b' }, permission: (a) => a.videoTotal > 0 },
      ],
    };
    expect(isPermitted(parent, account())).toBe(false);
    expect(redirectTarget(parent, account())).toBeNull();
    expect(isPermitted(parent, account({ videoTotal: 2 }))).toBe(true);
    expect(redirectTarget(parent, account({ videoTotal: 2 }))).toBe('b');
  });

  it('spells every route of the console contract in the signed-in layout', () => {
    expect(LAYOUT_ROUTE.children?.map((c) => c.path)).toEqual([
      'dashboard-overview',
      'videos',
      'channel-list',
      'video-flow',
      'video-flow/:classifyId',
      'form-submit-data',
      'buy-vip',
      'buy-credits',
    ]);
    expect(ACCOUNT_ROUTE.children?.map((c) => c.path)).toEqual([
      'affiliate-system',
      'memberships',
      'custom-domain',
      'api-access',
      // account-level webhooks, beside API access.
      'webhooks',
      'change-password',
      'set-password',
      'delete-account',
      'global-settings',
    ]);
  });
});
