// Exposed as 'admin_coverage/Coverage': the Coverage Analytics section of the staff back office (admin spec:
// Coverage Analytics, Opportunity analysis, section 9). Figures come from the coverage routes; a change to
// listings anywhere reloads them after 2 seconds of quiet, the live channel opening a second after the screen.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COVERAGE_RULES,
  CoverageMessages,
  OTHER_REGION,
  dotTone,
  type AdminUser,
  type CoverageRegion,
  type GapItem,
  type Opportunity,
  type OpportunityAnalysis,
  type RegionName,
} from '@afterwards/contracts';
import { BOUNDARY_ATTRIBUTION, OPPORTUNITY_RULES, POPULATION_ATTRIBUTION, POPULATION_RULE } from '@afterwards/coverage-domain';
import { errorMessage, formatDateTime, formatPounds, useStaffChanges, type RealtimeStatus } from '@afterwards/web-staff';
import { LiveStatus } from '@afterwards/web-staff/live-status';
import { withOwnQueryClient } from '@afterwards/web-staff/queries';
import { Alert, Button, Card, Icon, InlineLoading, Select, StatTiles, type StatTile, cx } from '@afterwards/web-ui';
import { COVERAGE_KEY, coverageApi, keys } from './api';
import { CategoryByRegionChart, TrendChart } from './Charts';
import { CategoryDistribution, RegionBreakdown } from './Breakdowns';
import { CoverageMap } from './CoverageMap';
import { OpportunityDialog, PriorityBadge } from './OpportunityDialog';
import { FAILED_TOTAL_AREAS, REGION_OPTIONS, formatCount, formatRate, isRegionName, plural } from './coverage-view';
import { LoadFailed } from '@afterwards/web-ui/back-office';
import './admin-coverage.css';
import './charts.css';
import './opportunities.css';
import './print.css';

export interface CoverageProps {
  admin: AdminUser;
  /** Go to another section (Local Businesses, to place listings without coordinates). */
  onNavigate?: (section: string) => void;
}

/** Opportunities listed before 'Show all'. */
export const OPPORTUNITIES_SHOWN = 10;

export default withOwnQueryClient(CoverageView);

const LIVE_LABELS: Record<RealtimeStatus, string> = {
  connected: 'Live updates on',
  connecting: 'Connecting…',
  error: CoverageMessages.connectionIssue,
  disabled: CoverageMessages.liveDisabled,
};

/** Listens to the staff room: any change reloads the figures after 2 s of quiet. */
function LiveReload({ onChange }: { onChange: () => void }) {
  useStaffChanges(onChange, COVERAGE_RULES.reloadAfterQuietMs);
  return null;
}

type Dialog = { title: string; analysis: OpportunityAnalysis | null };

function CoverageView({ onNavigate }: CoverageProps) {
  const queryClient = useQueryClient();
  const [region, setRegion] = useState<'all' | RegionName>('all');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [listening, setListening] = useState(false);

  // The channel opens a second after the screen appears (spec: realtime start delay).
  useEffect(() => {
    const t = setTimeout(() => setListening(true), COVERAGE_RULES.realtimeStartDelayMs);
    return () => clearTimeout(t);
  }, []);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: COVERAGE_KEY }), [queryClient]);

  const report = useQuery({ queryKey: keys.report(region), queryFn: ({ signal }) => coverageApi.report(region, signal), placeholderData: keepPreviousData });
  const opportunities = useQuery({ queryKey: keys.opportunities(region), queryFn: ({ signal }) => coverageApi.opportunities(region, signal), placeholderData: keepPreviousData });
  const mapRegion: CoverageRegion | null = region === 'all' || region === OTHER_REGION ? null : region;
  const points = useQuery({
    queryKey: keys.points(mapRegion ?? ''),
    queryFn: ({ signal }) => coverageApi.points(mapRegion!, signal),
    enabled: mapRegion !== null,
  });

  const data = report.data;
  const opps = opportunities.data;
  const failed = report.isError && !data;
  const fetching = report.isFetching || opportunities.isFetching;
  const regionLabel = region === 'all' ? 'all regions' : region === OTHER_REGION ? 'Other (no coordinates)' : region;
  const selectedFigures = mapRegion && data ? data.regions.find((r) => r.region === mapRegion) : undefined;

  const cards: StatTile[] = [
    {
      label: region === 'all' ? 'Total listings' : `Listings in ${regionLabel}`,
      value: data ? formatCount(data.totalBusinessesInRegion) : failed ? '0' : '–',
      note: data && region !== 'all' ? `of ${formatCount(data.totalBusinesses)} in all` : undefined,
      icon: 'building',
    },
    { label: 'Active', value: data ? formatCount(data.activeBusinesses) : failed ? '0' : '–', icon: 'check' },
    { label: 'Pending Review', value: data ? formatCount(data.pendingBusinesses) : failed ? '0' : '–', icon: 'progress' },
    { label: 'Rejected', value: data ? formatCount(data.rejectedBusinesses) : failed ? '0' : '–', icon: 'close' },
    {
      label: 'Towns within 25 miles of a listing',
      value: opps ? `${formatRate(opps.towns.percentage)}%` : failed ? '0%' : '–',
      note: opps ? `${formatCount(opps.towns.covered)} of ${plural(opps.towns.total, 'town')} of 10,000+` : failed ? `0 of ${formatCount(FAILED_TOTAL_AREAS)} areas` : undefined,
      icon: 'map',
    },
    {
      label: 'Active per 100,000 people',
      value: data ? formatRate(selectedFigures ? selectedFigures.activePer100k : data.overallActivePer100k) : failed ? '0.0' : '–',
      note: data && selectedFigures ? `UK and Ireland: ${formatRate(data.overallActivePer100k)}` : undefined,
      icon: 'users',
    },
  ];

  const openGap = (g: GapItem) => {
    if (g.category) {
      const o = opps?.opportunities.find((x) => x.region === g.region && x.category === g.category);
      setDialog({ title: `${g.category} in ${g.region}`, analysis: o?.analysis ?? null });
    } else {
      setDialog({ title: `Opportunity analysis: ${g.region}`, analysis: opps?.regionAnalyses[g.region] ?? null });
    }
  };
  const shownOpportunities = opps ? (showAll ? opps.opportunities : opps.opportunities.slice(0, OPPORTUNITIES_SHOWN)) : [];

  return (
    <section id="cv-root" className="aw-staff-page cv-root" aria-label="Coverage Analytics" tabIndex={-1} aria-busy={fetching || undefined}>
      {listening ? <LiveReload onChange={refresh} /> : null}
      <div className="aw-split cv-head">
        <p className="aw-staff-lead">How well the directory covers the people of each region of the UK and Ireland, and where it needs more services.</p>
        <div className="aw-cluster cv-controls">
          <Select
            label="Region"
            value={region}
            onChange={(e) => {
              const v = e.target.value;
              setRegion(v === 'all' || isRegionName(v) ? (v as 'all' | RegionName) : 'all');
              setShowAll(false);
            }}
            options={REGION_OPTIONS}
            className="cv-controls__region"
          />
          <Button variant="secondary" onClick={refresh} disabled={fetching} icon={<Icon name="refresh" size={16} />}>
            {fetching ? 'Refreshing…' : 'Refresh'}
          </Button>
          <Button variant="secondary" onClick={() => window.print()} icon={<Icon name="document" size={16} />} className="cv-noprint">
            Print
          </Button>
        </div>
      </div>
      <LiveStatus labels={LIVE_LABELS} className="cv-live" layout="aw-cluster">
        {data ? <span className="aw-muted">Figures of {formatDateTime(data.generatedAt)}</span> : null}
      </LiveStatus>

      {failed ? (
        <div role="alert">
          <Alert tone="error">
            {CoverageMessages.loadFailed} {errorMessage(report.error)}
          </Alert>
        </div>
      ) : null}

      <h2 className="aw-visually-hidden">Totals</h2>
      <StatTiles label={`Totals for ${regionLabel}`} tiles={cards} />

      {!data && !failed ? <InlineLoading>Loading coverage...</InlineLoading> : null}

      {data ? (
        <>
          <div className="cv-grid cv-grid--map">
            <CoveragePanel titleId="cv-map-title" title="Coverage map">
              <CoverageMap
                regions={data.regions}
                selected={mapRegion}
                points={points.data}
                pointsLoading={points.isFetching}
                onSelect={(r) => {
                  setRegion(r);
                  setShowAll(false);
                }}
                onClear={() => setRegion('all')}
              />
            </CoveragePanel>
            <div className="aw-stack cv-stack">
              <CoveragePanel titleId="cv-regions-title" title="Regional breakdown">
                <p className="aw-muted aw-small">Active listings per region, the {COVERAGE_RULES.regionBreakdownTop} with most.</p>
                <RegionBreakdown report={data} selected={region} onSelect={(r) => setRegion(r)} />
              </CoveragePanel>
              <CoveragePanel titleId="cv-categories-title" title="Category distribution">
                <p className="aw-muted aw-small">
                  Active listings in {regionLabel} by category, the {COVERAGE_RULES.categoryBreakdownTop} largest.
                </p>
                <CategoryDistribution report={data} />
              </CoveragePanel>
            </div>
          </div>

          <div className="cv-grid">
            <CoveragePanel titleId="cv-stacks-title" title="Listings by category per region">
              <CategoryByRegionChart regions={data.regions} selected={mapRegion} />
            </CoveragePanel>
            <CoveragePanel titleId="cv-trend-title" title={<>Views and contact actions, last {COVERAGE_RULES.trendWeeks} weeks</>}>
              <p className="aw-muted aw-small">Listings in {regionLabel}. Contact actions are calls, e-mails, website visits and directions.</p>
              <TrendChart weeks={data.trend} />
            </CoveragePanel>
          </div>

          <div className="cv-grid">
            <CoveragePanel titleId="cv-gaps-title" title="Gap analysis">
              <p className="aw-muted aw-small">
                {region === 'all'
                  ? `Each region's potential is the larger of ${COVERAGE_RULES.allRegions.minPotential} and ${COVERAGE_RULES.allRegions.factor} × its Active listings; the ${COVERAGE_RULES.allRegions.top} largest gaps over ${COVERAGE_RULES.allRegions.minGap}.`
                  : `Categories in ${regionLabel}: potential the larger of ${COVERAGE_RULES.oneRegion.minPotential} and ${COVERAGE_RULES.oneRegion.factor} × the Active listings; the ${COVERAGE_RULES.oneRegion.top} largest gaps over ${COVERAGE_RULES.oneRegion.minGap}.`}
              </p>
              {data.gapAnalysis.length === 0 ? (
                <p className="cv-empty">{CoverageMessages.noGaps}</p>
              ) : (
                <ul className="aw-list-stack cv-gaps">
                  {data.gapAnalysis.map((g) => (
                    <li key={`${g.region}|${g.category ?? ''}`}>
                      <span className={`cv-dot cv-dot--${dotTone(g.currentCount)}`} aria-hidden="true" />
                      <span className="cv-gaps__name">{g.category ?? g.region}</span>
                      <span className="cv-gaps__figures">
                        {formatCount(g.currentCount)} of {formatCount(g.potential)} · gap {formatCount(g.gap)}
                      </span>
                      <span className="cv-meter" aria-hidden="true">
                        <span style={{ width: `${Math.min(100, (g.currentCount / Math.max(1, g.potential)) * 100)}%` }} />
                      </span>
                      <Button variant="secondary" size="sm" onClick={() => openGap(g)} disabled={!opps} aria-label={`Analyse ${g.category ? `${g.category} in ${g.region}` : g.region}`}>
                        Analyse
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </CoveragePanel>

            <CoveragePanel titleId="cv-opps-title" title="Opportunities">
              {opportunities.isError && !opps ? (
                <LoadFailed>The opportunity analysis could not be loaded. {errorMessage(opportunities.error)}</LoadFailed>
              ) : !opps ? (
                <InlineLoading>Working out opportunities...</InlineLoading>
              ) : opps.opportunities.length === 0 ? (
                <p className="cv-empty">No opportunities found in {regionLabel}: every rule is met.</p>
              ) : (
                <>
                  <p className="aw-muted aw-small">
                    {plural(opps.opportunities.length, 'opportunity', 'opportunities')} in {regionLabel}, most important first.
                  </p>
                  <ol className="cv-opps">
                    {shownOpportunities.map((o) => (
                      <OpportunityItem key={o.id} opportunity={o} onOpen={() => setDialog({ title: o.title, analysis: o.analysis })} />
                    ))}
                  </ol>
                  {opps.opportunities.length > OPPORTUNITIES_SHOWN ? (
                    <Button variant="secondary" size="sm" onClick={() => setShowAll((v) => !v)} className="cv-noprint">
                      {showAll ? `Show the first ${OPPORTUNITIES_SHOWN}` : `Show all ${formatCount(opps.opportunities.length)}`}
                    </Button>
                  ) : null}
                </>
              )}
            </CoveragePanel>
          </div>

          {data.unplaced.count > 0 ? (
            <CoveragePanel titleId="cv-unplaced-title" title="Listings without coordinates">
              <p className="aw-muted aw-small">
                {plural(data.unplaced.count, 'listing')} {data.unplaced.count === 1 ? 'has' : 'have'} no point on the map, so {data.unplaced.count === 1 ? 'it is' : 'they are'} counted in
                ‘Other’ and families searching nearby cannot find {data.unplaced.count === 1 ? 'it' : 'them'}. Give each a postcode in its address or a town the directory knows in
                Local Businesses.
              </p>
              <ul className="cv-unplaced">
                {data.unplaced.listings.map((l) => (
                  <li key={l.id}>
                    <span className="cv-unplaced__name">{l.name}</span>
                    <span className="aw-muted">
                      {l.location} · {l.status}
                    </span>
                  </li>
                ))}
              </ul>
              {data.unplaced.count > data.unplaced.listings.length ? <p className="aw-muted aw-small">and {formatCount(data.unplaced.count - data.unplaced.listings.length)} more.</p> : null}
              {onNavigate ? (
                <Button variant="secondary" size="sm" onClick={() => onNavigate('businesses')} icon={<Icon name="building" size={16} />} className="cv-noprint">
                  Open Local Businesses
                </Button>
              ) : null}
            </CoveragePanel>
          ) : null}

          <CoveragePanel titleId="cv-method-title" className="cv-method" title="How these figures are worked out">
            <ul className="aw-stack cv-method__list">
              <li>
                <strong>Regions.</strong> Each listing is placed in the region whose boundary contains its point: the twelve ITL1 regions of the UK and the Republic of Ireland. A
                point just off the coastline goes to the nearest region within 25 km; a listing without coordinates is ‘Other’.
              </li>
              <li>
                <strong>Population.</strong> {POPULATION_RULE}
              </li>
              <li>
                <strong>Per 100,000 people.</strong> Active listings in a region ÷ its population × 100,000. Only Active listings count in the map, the breakdowns and the gaps: they are the
                ones families can find.
              </li>
              <li>
                <strong>Towns within reach.</strong> Towns of 10,000+ people with an Active listing of any category within 25 miles, the finder’s radius.
              </li>
              <li>
                <strong>Views and contact actions.</strong> Counted from the finder’s recorded interactions (with analytics consent), per week starting Monday, UK time.
              </li>
              <li>
                <strong>Searches that found nothing.</strong> Finder searches with no result within the radius, counted by place and category only.
              </li>
              {OPPORTUNITY_RULES.map((rule) => (
                <li key={rule}>
                  <strong>Opportunities.</strong> {rule}
                </li>
              ))}
              {opps ? (
                <li>
                  <strong>Today’s basis.</strong> {formatRate(opps.basis.promotedShare * 100)}% of Active listings promoted; the monthly plan costs {formatPounds(opps.basis.monthlyPrice)} in
                  Settings.
                </li>
              ) : null}
            </ul>
            <p className="cv-credits">
              {BOUNDARY_ATTRIBUTION} {POPULATION_ATTRIBUTION}
            </p>
          </CoveragePanel>
        </>
      ) : null}

      {dialog ? <OpportunityDialog title={dialog.title} analysis={dialog.analysis} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

const SIGNAL_LABELS: Record<Opportunity['signals'][number], string> = { 'per-head': 'Few per head', distance: 'Towns out of reach', demand: 'Searches found nothing' };

function OpportunityItem({ opportunity: o, onOpen }: { opportunity: Opportunity; onOpen: () => void }) {
  return (
    <li className="aw-stack cv-opp">
      <div className="aw-split cv-opp__head">
        <p className="cv-opp__title">{o.title}</p>
        <PriorityBadge label="Priority" value={o.priority} />
      </div>
      <p className="cv-opp__signals">
        {o.signals.map((s) => (
          <span key={s} className="cv-chip">
            {SIGNAL_LABELS[s]}
          </span>
        ))}
      </p>
      <p className="aw-cluster cv-opp__figures aw-small">
        {plural(o.listingsNeeded, 'listing')} needed
        {o.peopleOutOfReach > 0 ? ` · ${formatCount(o.peopleOutOfReach)} people out of reach` : ''}
        {o.unmetSearches > 0 ? ` · ${plural(o.unmetSearches, 'unmet search', 'unmet searches')}` : ''} · about {formatPounds(o.analysis.estimatedRevenue)} a year
      </p>
      <Button variant="secondary" size="sm" onClick={onOpen} aria-label={`View analysis: ${o.title}`} className="cv-noprint">
        View analysis
      </Button>
    </li>
  );
}

/** One of the screen's panels: a card named by its heading. */
function CoveragePanel({ titleId, title, className, children }: { titleId: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <Card as="section" className={cx('cv-panel', className)} aria-labelledby={titleId}>
      <h2 id={titleId} className="cv-title">
        {title}
      </h2>
      {children}
    </Card>
  );
}
