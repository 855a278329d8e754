import { meta, type RouteDef } from '../../app/routeDef.ts';

/** the account area redirects to its first permitted child. */
export const ACCOUNT_ROUTE: RouteDef = {
  name: 'account',
  path: '/account',
  meta: meta('account', 'user'),
  children: [
    {
      name: 'affiliate-system',
      path: 'affiliate-system',
      meta: meta('affiliate-system', 'share'),
      page: () => import('./Affiliates.tsx').then((m) => m.Affiliates),
      permission: (account) => account.isReferer,
    },
    {
      name: 'memberships',
      path: 'memberships',
      meta: meta('memberships', 'crown'),
      page: () => import('./Memberships.tsx').then((m) => m.Memberships),
    },
    {
      name: 'custom-domain',
      path: 'custom-domain',
      meta: meta('custom-domain', 'link'),
      page: () => import('./CustomDomain.tsx').then((m) => m.CustomDomain),
    },
    {
      name: 'api-access',
      path: 'api-access',
      meta: meta('api-access', 'api'),
      page: () => import('./ApiAccess.tsx').then((m) => m.ApiAccess),
    },
    {
      name: 'webhooks',
      path: 'webhooks',
      meta: meta('webhooks', 'send'),
      page: () => import('./Webhooks.tsx').then((m) => m.Webhooks),
    },
    {
      name: 'change-password',
      path: 'change-password',
      meta: meta('change-password', 'lock'),
      page: () => import('./PasswordForms.tsx').then((m) => m.ChangePassword),
      permission: (account) => account.hasPassword,
    },
    {
      name: 'set-password',
      path: 'set-password',
      meta: meta('set-password', 'lock'),
      page: () => import('./PasswordForms.tsx').then((m) => m.SetPassword),
      permission: (account) => !account.hasPassword,
    },
    {
      name: 'delete-account',
      path: 'delete-account',
      meta: meta('delete-account', 'delete'),
      page: () => import('./DeleteAccount.tsx').then((m) => m.DeleteAccount),
    },
    {
      name: 'global-settings',
      path: 'global-settings',
      meta: meta('global-settings', 'setting'),
      children: [
        {
          name: 'brand-setting',
          path: 'brand-setting',
          meta: meta('brand-setting', 'tag'),
          page: () => import('./BrandSetting.tsx').then((m) => m.BrandSetting),
        },
        {
          name: 'email-notification',
          path: 'email-notification',
          meta: meta('email-notification', 'mail'),
          page: () => import('./EmailNotification.tsx').then((m) => m.EmailNotification),
        },
        {
          name: 'privacy',
          path: 'privacy',
          meta: meta('privacy', 'eye-invisible'),
          page: () => import('./Privacy.tsx').then((m) => m.Privacy),
        },
      ],
    },
  ],
};
