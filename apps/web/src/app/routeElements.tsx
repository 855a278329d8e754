import { Button, Result } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router';
import { NotAvailable } from '../components/NotAvailable.tsx';
import { useAccountStore } from '../stores/account.ts';
import { AntProviders } from './AntProviders.tsx';
import { AppLayout } from './AppLayout.tsx';
import { isPermitted, redirectTarget } from './guards.ts';
import type { RouteDef } from './routeDef.ts';
import { AccountLoader } from './Startup.tsx';

// What the signed-in routes render around their pages: fetched with the first signed-in screen, never by
// the sign-in screens.

export function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('errors.forbidden')} />;
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <AntProviders>
      <Result
        status="404"
        title="404"
        subTitle={t('route.not-found')}
        extra={
          // A mistyped or stale link should not be a dead end (signed out, the overview leads to sign-in).
          <Link to="/dashboard-overview">
            <Button type="primary">{t('app.backHome')}</Button>
          </Link>
        }
      />
    </AntProviders>
  );
}

export function ParentRedirect({ def }: { def: RouteDef }) {
  const account = useAccountStore((s) => s.account);
  const target = redirectTarget(def, account);
  return target ? <Navigate to={target} replace /> : <Forbidden />;
}

/** A page behind its route's permission; a route without a page yet is announced as coming. */
export function GuardedPage({ def, Component }: { def: RouteDef; Component: ComponentType | null }) {
  const account = useAccountStore((s) => s.account);
  if (def.meta.ingoreAuthrization !== true && account && !isPermitted(def, account)) return <Forbidden />;
  if (!Component) return <NotAvailable title={def.meta.title} />;
  return <Component />;
}

/** The children of a permitted route: in the section's own layout when it has one, else as they are. */
export function PermittedOutlet({ def, children }: { def: RouteDef; children?: ReactNode }) {
  const account = useAccountStore((s) => s.account);
  if (account && !isPermitted(def, account)) return <Forbidden />;
  return children || <Outlet />;
}

export function SignedInLayout() {
  return (
    <AntProviders>
      <AccountLoader>
        <AppLayout />
      </AccountLoader>
    </AntProviders>
  );
}

/** The blog-to-video editor: signed in, without the console's header and menu. */
export function EditorLayout() {
  return (
    <AntProviders>
      <AccountLoader>
        <div className="editor-layout">
          <Outlet />
        </div>
      </AccountLoader>
    </AntProviders>
  );
}
