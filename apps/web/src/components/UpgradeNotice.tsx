import type { CSSProperties } from 'react';
import { LinkNotice } from './LinkNotice.tsx';

/** Why a paid plan's feature is closed on this one, with the way to the plans (omitted where space is short). */
export function UpgradeNotice(props: { title: string; action?: string; className?: string; style?: CSSProperties }) {
  return <LinkNotice {...props} to="/account/memberships" />;
}
