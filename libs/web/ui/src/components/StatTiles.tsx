import type { ReactNode } from 'react';
import { Card } from './Card';
import { Icon, type IconName } from './Icon';
import { cx } from './cx';

export interface StatTile {
  label: string;
  /** The figure, formatted; undefined while it loads (shown as a dash). */
  value: ReactNode | undefined;
  icon: IconName;
  /** A quiet line under the label (how the figure was counted). */
  note?: string;
}

export type StatTilesProps = {
  tiles: readonly StatTile[];
  busy?: boolean;
  /** `compact` (the default): a section's figures above its list; `large`: a dashboard's totals, the disc beside figure and label. */
  size?: 'compact' | 'large';
} & (
  | {
      /** What the tiles are, for screen readers ('Businesses by status'). */
      label: string;
      labelledBy?: never;
    }
  | {
      /** The id of the heading that already names them. */
      labelledBy: string;
      label?: never;
    }
);

/** A row of stat tiles: each figure with its icon and label, wrapping as whole tiles (stat-tiles.css). */
export function StatTiles({ label, labelledBy, tiles, busy, size = 'compact' }: StatTilesProps) {
  return (
    <ul className={cx('aw-stats', size === 'large' && 'aw-stats--large')} aria-label={label} aria-labelledby={labelledBy} aria-busy={busy || undefined}>
      {tiles.map((t) => (
        <li key={t.label}>
          <Card className="aw-stat">
            <span className="aw-disc aw-stat__icon" aria-hidden="true">
              <Icon name={t.icon} size={size === 'large' ? 22 : 20} />
            </span>
            <span className="aw-stat__value">{t.value ?? '–'}</span>
            <span className="aw-stat__label">{t.label}</span>
            {t.note ? <span className="aw-stat__note">{t.note}</span> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
