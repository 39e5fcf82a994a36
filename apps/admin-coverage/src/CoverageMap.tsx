// The coverage map: the bundled region boundaries drawn with d3-geo as SVG (no tiles, nothing fetched), each
// region shaded by Active listings per 100,000 people. Hover or focus shows a region's figures; a click (or
// Enter/Space) selects it, and the map then zooms to it and shows its Active listings as dots.
import { useMemo, useState, type KeyboardEvent } from 'react';
import { geoAlbers, geoPath } from 'd3-geo';
import type { CoveragePoints, CoverageRegion, RegionFigures } from '@afterwards/contracts';
import { regionFeatures, type RegionFeature } from '@afterwards/coverage-domain';
import { NO_DATA_COLOUR, choroplethClasses, classOf, formatCount, formatRate, plural, regionSummary } from './coverage-view';

const WIDTH = 420;
const HEIGHT = 560;
const PAD = 12;

export interface CoverageMapProps {
  regions: readonly RegionFigures[];
  selected: CoverageRegion | null;
  points: CoveragePoints | undefined;
  pointsLoading: boolean;
  onSelect: (region: CoverageRegion) => void;
  onClear: () => void;
}

export function CoverageMap({ regions, selected, points, pointsLoading, onSelect, onClear }: CoverageMapProps) {
  const features = regionFeatures();
  const [hover, setHover] = useState<CoverageRegion | null>(null);
  const byName = useMemo(() => new Map(regions.map((r) => [r.region, r])), [regions]);
  const classes = useMemo(() => choroplethClasses(regions.map((r) => r.activePer100k)), [regions]);

  const focus: RegionFeature | undefined = selected ? features.find((f) => f.properties.name === selected) : undefined;
  const { path, project } = useMemo(() => {
    // An Albers projection centred on the British Isles keeps Shetland and Kent in proportion.
    const projection = geoAlbers()
      .center([0, 55.4])
      .rotate([4.4, 0])
      .parallels([50, 60])
      .fitExtent(
        [
          [PAD, PAD],
          [WIDTH - PAD, HEIGHT - PAD],
        ],
        focus ?? { type: 'FeatureCollection', features: [...features] },
      );
    return { path: geoPath(projection), project: (lng: number, lat: number) => projection([lng, lat]) };
  }, [features, focus]);

  const shown = hover ?? selected;
  const shownFigures = shown ? byName.get(shown) : undefined;
  const key = (e: KeyboardEvent, region: CoverageRegion) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(region);
    }
  };

  return (
    <figure className="cv-map">
      <div className="cv-map__frame">
        <svg className="cv-map__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label="Map of the regions: choose a region to select it">
          <title>Active listings per 100,000 people by region</title>
          {features.map((f) => {
            const name = f.properties.name;
            const figures = byName.get(name);
            const d = path(f) ?? '';
            const isSelected = name === selected;
            const dimmed = selected !== null && !isSelected;
            return (
              <path
                key={name}
                d={d}
                className={`cv-map__region${isSelected ? ' is-selected' : ''}${dimmed ? ' is-dimmed' : ''}`}
                fill={figures ? classOf(figures.activePer100k, classes).colour : NO_DATA_COLOUR}
                tabIndex={0}
                role="button"
                aria-pressed={isSelected}
                aria-label={figures ? regionSummary(figures) : name}
                data-region={name}
                onMouseEnter={() => setHover(name)}
                onMouseLeave={() => setHover((h) => (h === name ? null : h))}
                onFocus={() => setHover(name)}
                onBlur={() => setHover((h) => (h === name ? null : h))}
                onClick={() => onSelect(name)}
                onKeyDown={(e) => key(e, name)}
              />
            );
          })}
          {selected && points
            ? points.points.map(([lng, lat, n]) => {
                const at = project(lng, lat);
                if (!at) return null;
                return <circle key={`${lng},${lat}`} className="cv-map__dot" cx={at[0]} cy={at[1]} r={Math.min(9, 2 + Math.sqrt(n))} aria-hidden="true" />;
              })
            : null}
        </svg>
        {shownFigures ? (
          <div className="cv-map__tip" aria-hidden="true">
            <strong>{shownFigures.region}</strong>
            <span>
              {formatRate(shownFigures.activePer100k)} per 100,000 people
            </span>
            <span>{plural(shownFigures.active, 'Active listing')}</span>
            <span>Population {formatCount(shownFigures.population)}</span>
          </div>
        ) : null}
      </div>
      <figcaption className="aw-stack cv-map__caption">
        <div className="cv-legend" aria-label="Active listings per 100,000 people">
          <span className="cv-legend__title">Active listings per 100,000 people</span>
          <ul>
            {classes.map((c, i) => (
              <li key={c.colour}>
                <span className="cv-legend__swatch" style={{ background: c.colour }} aria-hidden="true" />
                {i === classes.length - 1 ? `${formatRate(c.from)} and over` : `${formatRate(c.from)} to under ${formatRate(c.to)}`}
              </li>
            ))}
          </ul>
        </div>
        {selected ? (
          <p className="cv-map__status" aria-live="polite">
            {pointsLoading || !points
              ? `Loading the Active listings of ${selected}...`
              : `${selected}: ${plural(points.total, 'Active listing')} at ${plural(points.points.length, 'place')} (a dot per place, larger for more listings).`}{' '}
            <button type="button" className="cv-link" onClick={onClear}>
              Show all regions
            </button>
          </p>
        ) : (
          <p className="cv-map__status">Choose a region on the map, or in Region above, to zoom to it and see its Active listings.</p>
        )}
      </figcaption>
    </figure>
  );
}
