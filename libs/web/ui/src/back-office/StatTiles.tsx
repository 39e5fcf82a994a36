import type { ReactNode } from 'react';
import { Card } from '../components/Card';
import { Icon, type IconName } from '../components/Icon';

export interface StatTile {
  label: string;
  /** The figure, formatted; undefined while it loads (shown as a dash). */
  value: ReactNode | undefined;
  icon: IconName;
  /** A quiet line under the label (how the figure was counted). */
  note?: string;
}

export interface StatTilesProps {
  /** What the tiles are, for screen readers ('Businesses by status'). */
  label: string;
  tiles: readonly StatTile[];
  busy?: boolean;
}

/** A row of stat tiles: each figure with its icon and label, wrapping as whole tiles (stat-tiles.css). */
export function StatTiles({ label, tiles, busy }: StatTilesProps) {
  return (
    <ul className="aw-stats" aria-label={label} aria-busy={busy || undefined}>
      {tiles.map((t) => (
        <li key={t.label}>
          <Card className="aw-stat">
            <span className="aw-disc aw-stat__icon" aria-hidden="true">
              <Icon name={t.icon} size={20} />
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
