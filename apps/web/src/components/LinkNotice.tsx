import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';

/**
 * Why something cannot be done here yet, with a small button to the screen that changes it (the plans, the
 * brands, the custom domains); without `action` the notice stands alone.
 */
export function LinkNotice({
  type = 'info',
  title,
  to,
  action,
  primary = true,
  className,
  style,
}: {
  type?: 'info' | 'warning';
  title: string;
  /** Where the button leads. */
  to: string;
  /** The button's label; none where space is short. */
  action?: string;
  primary?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <Alert
      type={type}
      showIcon
      className={className}
      style={style}
      title={title}
      action={
        action && (
          <Link to={to}>
            <Button size="small" type={primary ? 'primary' : undefined}>
              {action}
            </Button>
          </Link>
        )
      }
    />
  );
}
