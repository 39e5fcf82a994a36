// A card that is a section of its page, named by its heading: an icon on a disc (disc.css) before the title.
import { useId, type ReactNode } from 'react';
import { Card } from './Card';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';

export interface SectionCardProps {
  icon: IconName;
  iconSize?: number;
  title: string;
  /** The heading's id when the page links to it; otherwise one is made. */
  headingId?: string;
  className?: string;
  titleClassName?: string;
  /** Sets the disc's size. */
  iconClassName?: string;
  children: ReactNode;
}

export function SectionCard({ icon, iconSize = 20, title, headingId, className, titleClassName, iconClassName, children }: SectionCardProps) {
  const ownId = useId();
  const id = headingId ?? ownId;
  return (
    <Card as="section" className={className} aria-labelledby={id}>
      <h2 id={id} className={cx('aw-row', titleClassName)}>
        <span className={cx('aw-disc', iconClassName)} aria-hidden="true">
          <Icon name={icon} size={iconSize} />
        </span>
        {title}
      </h2>
      {children}
    </Card>
  );
}
