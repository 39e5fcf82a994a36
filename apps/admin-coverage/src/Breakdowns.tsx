// The bars of Coverage Analytics: Active listings by region (a bar picks the region) and by category.
import { dotTone, type CoverageReport, type RegionName } from '@afterwards/contracts';
import { CATEGORY_COLOURS, formatCount } from './coverage-view';

export function RegionBreakdown({ report, selected, onSelect }: { report: CoverageReport; selected: string; onSelect: (region: RegionName) => void }) {
  if (report.regionBreakdown.length === 0) return <p className="cv-empty">No Active listings yet.</p>;
  const max = Math.max(1, ...report.regionBreakdown.map((r) => r.count));
  return (
    <ol className="aw-list-stack cv-bars">
      {report.regionBreakdown.map((r) => (
        <li key={r.region} className={r.region === selected ? 'is-selected' : undefined}>
          <button type="button" className="cv-bars__name" onClick={() => onSelect(r.region)} aria-pressed={r.region === selected}>
            <span className={`cv-dot cv-dot--${dotTone(r.count)}`} aria-hidden="true" />
            {r.region}
          </button>
          <span className="cv-bars__track" aria-hidden="true">
            <span style={{ width: `${(r.count / max) * 100}%` }} />
          </span>
          <span className="cv-bars__value">{formatCount(r.count)}</span>
        </li>
      ))}
    </ol>
  );
}

export function CategoryDistribution({ report }: { report: CoverageReport }) {
  if (report.categoryBreakdown.length === 0) return <p className="cv-empty">No Active listings here yet.</p>;
  const max = Math.max(1, ...report.categoryBreakdown.map((c) => c.count));
  return (
    <ol className="aw-list-stack cv-bars">
      {report.categoryBreakdown.map((c) => (
        <li key={c.category}>
          <span className="cv-bars__name">
            <span className="cv-dot" style={{ background: CATEGORY_COLOURS[c.category] }} aria-hidden="true" />
            {c.category}
          </span>
          <span className="cv-bars__track" aria-hidden="true">
            <span style={{ width: `${(c.count / max) * 100}%`, background: CATEGORY_COLOURS[c.category] }} />
          </span>
          <span className="cv-bars__value">{formatCount(c.count)}</span>
        </li>
      ))}
    </ol>
  );
}
