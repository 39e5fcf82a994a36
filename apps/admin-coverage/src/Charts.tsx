// The screen's two charts, drawn as plain HTML and SVG so they print and need no chart library: listings by
// category per region (stacked bars), and listing views and contact actions over 12 weeks (paired columns).
// Each has the same figures as a table for screen readers and for anyone who would rather read.
import { useEffect, useId, useRef, useState } from 'react';
import type { RegionFigures, TrendWeek } from '@afterwards/contracts';
import { axisMax, categoryStacks, formatCount, plural, weekLabel } from './coverage-view';

/** A chart's figures as a table, folded away under 'Show these figures as a table'. */
function FiguresTable({ caption, head, children }: { caption: string; head: React.ReactNode; children: React.ReactNode }) {
  return (
    <details className="cv-table-toggle">
      <summary>Show these figures as a table</summary>
      <div className="cv-table-wrap">
        <table className="cv-table">
          <caption className="aw-visually-hidden">{caption}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </details>
  );
}

export function CategoryByRegionChart({ regions, selected }: { regions: readonly RegionFigures[]; selected: string | null }) {
  const { rows, keys } = categoryStacks(regions);
  const max = Math.max(1, ...rows.map((r) => r.total));
  return (
    <div className="aw-stack cv-chart">
      <ul className="aw-cluster cv-chart__legend" aria-label="Categories">
        {keys.map((k) => (
          <li key={k.key}>
            <span className="cv-legend__swatch" style={{ background: k.colour }} aria-hidden="true" />
            {k.label}
          </li>
        ))}
      </ul>
      <ol className="cv-stacks" aria-hidden="true">
        {rows.map((r) => (
          <li key={r.region} className={r.region === selected ? 'is-selected' : undefined}>
            <span className="cv-stacks__label">{r.region}</span>
            <span className="cv-stacks__bar" style={{ width: `${(r.total / max) * 100}%` }}>
              {r.segments
                .filter((s) => s.value > 0)
                .map((s) => (
                  <span key={s.key} className="cv-stacks__seg" style={{ flexGrow: s.value, background: s.colour }} title={`${r.region}, ${s.label}: ${formatCount(s.value)}`} />
                ))}
            </span>
            <span className="cv-stacks__total">{formatCount(r.total)}</span>
          </li>
        ))}
      </ol>
      <FiguresTable
        caption="Active listings by category per region"
        head={
          <>
            <th scope="col">Region</th>
            {keys.map((k) => (
              <th key={k.key} scope="col">
                {k.label}
              </th>
            ))}
            <th scope="col">All</th>
          </>
        }
      >
        {rows.map((r) => (
          <tr key={r.region}>
            <th scope="row">{r.region}</th>
            {r.segments.map((s) => (
              <td key={s.key}>{formatCount(s.value)}</td>
            ))}
            <td>{formatCount(r.total)}</td>
          </tr>
        ))}
      </FiguresTable>
    </div>
  );
}

const TREND_H = 220;

/** The element's width in CSS pixels, so the chart draws at 1 unit a pixel and its labels keep their size. */
function useWidth<T extends HTMLElement>(fallback: number): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry!.contentRect.width);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
const AXIS_LEFT = 44;
const AXIS_BOTTOM = 26;

export function TrendChart({ weeks }: { weeks: readonly TrendWeek[] }) {
  const titleId = useId();
  const [active, setActive] = useState<number | null>(null);
  const [frame, chartW] = useWidth<HTMLDivElement>(640);
  const top = axisMax(Math.max(0, ...weeks.flatMap((w) => [w.views, w.contacts])));
  const plotW = chartW - AXIS_LEFT - 8;
  const plotH = TREND_H - AXIS_BOTTOM - 10;
  const slot = plotW / Math.max(1, weeks.length);
  const barW = Math.max(4, Math.min(18, slot / 2 - 3));
  const y = (v: number) => 10 + plotH - (v / top) * plotH;
  const ticks = top % 2 === 0 ? [0, top / 2, top] : [0, top];
  const total = weeks.reduce((a, w) => ({ views: a.views + w.views, contacts: a.contacts + w.contacts }), { views: 0, contacts: 0 });
  const shown = active !== null ? weeks[active] : undefined;
  return (
    <div className="aw-stack cv-chart">
      <ul className="aw-cluster cv-chart__legend" aria-label="Series">
        <li>
          <span className="cv-legend__swatch cv-swatch--views" aria-hidden="true" />
          Listing views ({formatCount(total.views)})
        </li>
        <li>
          <span className="cv-legend__swatch cv-swatch--contacts" aria-hidden="true" />
          Contact actions ({formatCount(total.contacts)})
        </li>
      </ul>
      <div className="cv-trend" ref={frame}>
        <svg viewBox={`0 0 ${chartW} ${TREND_H}`} className="cv-trend__svg" aria-labelledby={titleId} role="img">
          <title id={titleId}>{`Listing views and contact actions per week over ${plural(weeks.length, 'week')}: ${formatCount(total.views)} views and ${formatCount(total.contacts)} contact actions.`}</title>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={AXIS_LEFT} x2={chartW - 8} y1={y(t)} y2={y(t)} className="cv-trend__grid" />
              <text x={AXIS_LEFT - 6} y={y(t) + 4} className="cv-trend__tick" textAnchor="end">
                {formatCount(Math.round(t))}
              </text>
            </g>
          ))}
          {weeks.map((w, i) => {
            const x = AXIS_LEFT + i * slot + slot / 2;
            return (
              <g key={w.weekStart} onMouseEnter={() => setActive(i)} onMouseLeave={() => setActive((a) => (a === i ? null : a))}>
                <rect x={AXIS_LEFT + i * slot} y={10} width={slot} height={plotH} className="cv-trend__hit" />
                <rect x={x - barW - 1} y={y(w.views)} width={barW} height={Math.max(0, 10 + plotH - y(w.views))} className="cv-trend__bar cv-trend__bar--views" rx={2} />
                <rect x={x + 1} y={y(w.contacts)} width={barW} height={Math.max(0, 10 + plotH - y(w.contacts))} className="cv-trend__bar cv-trend__bar--contacts" rx={2} />
                {slot >= 44 || i % 2 === (weeks.length - 1) % 2 ? (
                  <text x={x} y={TREND_H - 8} className="cv-trend__tick" textAnchor="middle">
                    {weekLabel(w.weekStart)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
        {shown ? (
          <div className="aw-stack cv-trend__tip" aria-hidden="true">
            <strong>Week of {weekLabel(shown.weekStart)}</strong>
            <span>{plural(shown.views, 'view')}</span>
            <span>{plural(shown.contacts, 'contact action')}</span>
          </div>
        ) : null}
      </div>
      <FiguresTable
        caption="Listing views and contact actions per week"
        head={
          <>
            <th scope="col">Week starting</th>
            <th scope="col">Views</th>
            <th scope="col">Contact actions</th>
          </>
        }
      >
        {weeks.map((w) => (
          <tr key={w.weekStart}>
            <th scope="row">{weekLabel(w.weekStart)}</th>
            <td>{formatCount(w.views)}</td>
            <td>{formatCount(w.contacts)}</td>
          </tr>
        ))}
      </FiguresTable>
    </div>
  );
}
