import type { ReactNode } from 'react';
import { SectionCard, cx, type IconName } from '@afterwards/web-ui';

/** A titled card of the Settings screen. */
export function SettingsCard({ icon, title, children, className }: { icon: IconName; title: string; children: ReactNode; className?: string }) {
  return (
    <SectionCard icon={icon} title={title} className={cx('ac-card', className)} titleClassName="ac-card__title" iconClassName="ac-card__icon">
      {children}
    </SectionCard>
  );
}
