import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const ICONS: Record<AlertTone, IconName> = { info: 'info', success: 'check', warning: 'alert', error: 'alert' };

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
}

/**
 * A coloured message box. It is not a live region by itself: wrap changing content in an element
 * with role="alert" or role="status" that stays mounted, so announcements are reliable.
 */
export function Alert({ tone = 'info', title, className, children, ...rest }: AlertProps) {
  return (
    <div className={cx('aw-alert', `aw-alert--${tone}`, className)} {...rest}>
      <Icon name={ICONS[tone]} size={18} className="aw-alert__icon" />
      <div>
        {title ? <strong style={{ display: 'block' }}>{title}</strong> : null}
        {children}
      </div>
    </div>
  );
}
