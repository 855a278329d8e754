import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';

/** Why a paid plan's feature is closed on this one, with the way to the plans (omitted where space is short). */
export function UpgradeNotice(props: { title: string; action?: string; className?: string; style?: CSSProperties }) {
  return (
    <Alert
      type="info"
      showIcon
      className={props.className}
      style={props.style}
      title={props.title}
      action={
        props.action && (
          <Link to="/account/memberships">
            <Button size="small" type="primary">
              {props.action}
            </Button>
          </Link>
        )
      }
    />
  );
}
