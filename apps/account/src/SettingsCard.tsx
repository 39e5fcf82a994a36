import { useId, type ReactNode } from 'react';
import { Card, Icon, type IconName } from '@afterwards/web-ui';

/** A titled card of the Settings screen. */
export function SettingsCard({ icon, title, children, className }: { icon: IconName; title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <Card as="section" className={['ac-card', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id} className="aw-row ac-card__title">
        <span className="aw-disc ac-card__icon" aria-hidden="true">
          <Icon name={icon} size={20} />
        </span>
        {title}
      </h2>
      {children}
    </Card>
  );
}
