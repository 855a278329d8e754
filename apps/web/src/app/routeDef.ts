import type { AccountDetail } from '@leadreel/shared';
import type { ComponentType } from 'react';

/** Route meta, spelt as the spec spells it (`ingoreAuthrization`). `title` is an i18n key. */
export type RouteMeta = { title: string; icon?: string; browserTitle?: string; ingoreAuthrization?: boolean };

/** A page, fetched when its route is first visited (React Router's `lazy`): its own chunk. */
export type PageLoader = () => Promise<ComponentType>;

export type RouteDef = {
  name: string;
  path: string;
  meta: RouteMeta;
  /** The screen; a leaf without one is announced as coming (spec: "not available yet"). */
  page?: PageLoader;
  /** A section's own frame around its children (the video settings' header and menu). */
  layout?: () => Promise<ComponentType<{ def: RouteDef }>>;
  children?: RouteDef[];
  /** A child path to go to instead of the first permitted child. */
  redirect?: string;
  permission?: (account: AccountDetail) => boolean;
  /** Not listed in the sidebar (detail screens with ids). */
  hidden?: boolean;
};

export const meta = (name: string, icon?: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  title: `route.${name}`,
  icon,
  ...extra,
});

/** A route of the spec whose screen is not built yet. */
export const soon = (name: string, path = name, icon?: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  path,
  meta: meta(name, icon),
  ...extra,
});
