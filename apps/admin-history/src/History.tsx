// Exposed as 'admin_history/History': event history for audit reviewers (staff roles admin and auditor,
// both read-only here). Find a listing, promotion or the settings; read its events with who, when and
// from where; the record's state at any version (replayed on the server by the domain's own evolve) with
// what changed; one request's events across records; the global log; JSON and CSV exports. Memory
// streams come without values from the API, and the screen shows what it is given. The view lives in the
// address bar's query, so other screens link here and a reload keeps the place.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, HistoryEvent, StreamSummary } from '@afterwards/contracts';
import { errorMessage, useStaffChanges } from '@afterwards/web-staff';
import { withOwnQueryClient } from '@afterwards/web-staff/queries';
import { AuditChainBadge } from '@afterwards/web-staff/audit-chain-badge';
import { Alert, Button, ButtonLink, Card, Icon, InlineLoading, Select, TextInput, useDebouncedValue } from '@afterwards/web-ui';
import { HISTORY_KEY, exportHref, historyApi, keys } from './api';
import { EventCard, StateDialog } from './EventCard';
import { NO_LOG_FILTERS, logQuery, searchForView, viewFromSearch, type HistoryView, type LogFilters } from './history-view';
import { FailedAlert } from '@afterwards/web-ui/back-office';
import './admin-history.css';

export interface HistoryProps {
  admin: AdminUser;
}

export const SEARCH_DEBOUNCE_MS = 300;
const LIVE_DEBOUNCE_MS = 1000;

export default withOwnQueryClient(HistoryScreen, { refetchOnWindowFocus: false });

function HistoryScreen(_props: HistoryProps) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<HistoryView>(() => viewFromSearch(window.location.search));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const go = useCallback((next: HistoryView) => {
    moved.current = true;
    setView(next);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${searchForView(next)}`);
  }, []);
  // After moving to another view, focus its heading so keyboard and screen reader users land on it.
  useEffect(() => {
    if (moved.current && view.kind !== 'search') headingRef.current?.focus();
  }, [view]);

  useStaffChanges(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: HISTORY_KEY }), [queryClient]),
    LIVE_DEBOUNCE_MS,
  );

  return (
    <div className="aw-staff-page" id="hi-root" tabIndex={-1}>
      <div className="aw-split hi-top">
        <nav className="aw-cluster hi-tabs" aria-label="History views">
          <button type="button" className="hi-tab" aria-current={view.kind === 'search' || view.kind === 'stream' ? 'page' : undefined} onClick={() => go({ kind: 'search', q: '' })}>
            <Icon name="search" size={16} /> Find a record
          </button>
          <button type="button" className="hi-tab" aria-current={view.kind === 'log' ? 'page' : undefined} onClick={() => go({ kind: 'log' })}>
            <Icon name="checklist" size={16} /> All events
          </button>
        </nav>
        <AuditChainBadge />
      </div>
      {view.kind === 'search' ? (
        <SearchView q={view.q} onQuery={(q) => go({ kind: 'search', q })} onOpen={(streamId) => go({ kind: 'stream', streamId })} />
      ) : view.kind === 'stream' ? (
        <StreamView
          key={view.streamId}
          streamId={view.streamId}
          headingRef={headingRef}
          onBack={() => go({ kind: 'search', q: '' })}
          onCorrelation={(id) => go({ kind: 'correlation', id })}
        />
      ) : view.kind === 'correlation' ? (
        <CorrelationView key={view.id} id={view.id} headingRef={headingRef} onStream={(streamId) => go({ kind: 'stream', streamId })} onCorrelation={(id) => go({ kind: 'correlation', id })} />
      ) : (
        <LogView headingRef={headingRef} onStream={(streamId) => go({ kind: 'stream', streamId })} onCorrelation={(id) => go({ kind: 'correlation', id })} />
      )}
    </div>
  );
}

function SearchView({ q, onQuery, onOpen }: { q: string; onQuery: (q: string) => void; onOpen: (streamId: string) => void }) {
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== q) onQuery(debounced);
  }, [debounced, q, onQuery]);
  const results = useQuery({ queryKey: keys.search(debounced), queryFn: ({ signal }) => historyApi.search(debounced, signal), placeholderData: keepPreviousData });
  const streams = results.data?.streams ?? [];
  return (
    <Card as="section" aria-labelledby="hi-search-title" className="hi-section">
      <h2 id="hi-search-title" className="hi-title">
        Find a record
      </h2>
      <TextInput
        label="Business name, or 'settings'"
        hint="Listings and promotions are found by the business's name; a record's id (listing-…) opens it directly."
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        icon={<Icon name="search" size={16} />}
        autoComplete="off"
      />
      <p className="aw-muted aw-small" role="status">
        {results.isFetching ? 'Searching...' : results.data ? `${streams.length} ${streams.length === 1 ? 'record' : 'records'} found` : ''}
      </p>
      {results.isError ? (
        <FailedAlert title="The search could not be run" reason={errorMessage(results.error)} />
      ) : streams.length > 0 ? (
        <ul className="hi-results">
          {streams.map((s) => (
            <li key={s.streamId}>
              <button type="button" className="aw-card-button aw-row hi-result" onClick={() => onOpen(s.streamId)}>
                <KindIcon kind={s.kind} />
                <span className="aw-stack hi-result__text">
                  <span className="hi-result__title">{s.title}</span>
                  <span className="aw-muted aw-small">{s.subtitle}</span>
                </span>
                <Icon name="arrow-right" size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : results.data && debounced ? (
        <p className="aw-muted">No listing, promotion, organisation or settings match “{debounced}”.</p>
      ) : null}
    </Card>
  );
}

function KindIcon({ kind }: { kind: StreamSummary['kind'] }) {
  const name = kind === 'listing' ? 'building' : kind === 'promotion' ? 'megaphone' : kind === 'settings' ? 'settings' : kind === 'organisation' ? 'building' : 'lock';
  return (
    <span className="aw-disc hi-disc" aria-hidden="true">
      <Icon name={name} size={18} />
    </span>
  );
}

interface HeadingRef {
  headingRef: RefObject<HTMLHeadingElement | null>;
}

function StreamView({ streamId, headingRef, onBack, onCorrelation }: HeadingRef & { streamId: string; onBack: () => void; onCorrelation: (id: string) => void }) {
  const stream = useQuery({ queryKey: keys.stream(streamId), queryFn: ({ signal }) => historyApi.stream(streamId, signal) });
  const [stateOf, setStateOf] = useState<HistoryEvent | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openState = (event: HistoryEvent) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setStateOf(event);
  };
  const closeState = () => {
    setStateOf(null);
    // The dialog unmounts when closed: focus goes back to the button that opened it.
    requestAnimationFrame(() => opener.current?.focus());
  };
  const data = stream.data;
  return (
    <section className="hi-section hi-stack" aria-labelledby="hi-stream-title">
      <div>
        <Button variant="quiet" size="sm" onClick={onBack} icon={<Icon name="arrow-left" size={16} />}>
          Back to search
        </Button>
      </div>
      <Card className="aw-split hi-stream-head">
        <div className="aw-stack hi-stream-head__text">
          <h2 id="hi-stream-title" ref={headingRef} tabIndex={-1} className="hi-title">
            {data ? `History of ${data.title}` : 'History'}
          </h2>
          {data?.subtitle ? <p className="aw-muted aw-small">{data.subtitle}</p> : null}
          <p className="aw-mono">{streamId}</p>
          {data ? (
            <p className="aw-small">
              {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'event' : 'events'}
              {data.events.length < data.total ? `, the newest ${data.events.length.toLocaleString('en-GB')} shown` : ''}
            </p>
          ) : null}
        </div>
        {data ? (
          <div className="aw-cluster hi-exports" role="group" aria-label="Export this history">
            <ButtonLink variant="secondary" size="sm" href={exportHref(streamId, 'json')} download icon={<Icon name="arrow-down" size={16} />}>
              Export JSON
            </ButtonLink>
            <ButtonLink variant="secondary" size="sm" href={exportHref(streamId, 'csv')} download icon={<Icon name="arrow-down" size={16} />}>
              Export CSV
            </ButtonLink>
          </div>
        ) : null}
      </Card>
      {stream.isError ? (
        <FailedAlert title="This history could not be loaded" reason={errorMessage(stream.error)} />
      ) : !data ? (
        <InlineLoading>Loading the history...</InlineLoading>
      ) : (
        <>
          {data.redacted ? (
            <Alert tone="info" title="A family's memory">
              <p>Memories are private. Only event types, versions, times and the names of the fields an event changed are shown here, and this visit is recorded in the audit log.</p>
            </Alert>
          ) : null}
          {data.erased ? (
            <Alert tone="warning" title="Erased with Delete Forever">
              <p>The earlier events of this record were erased; only what was kept after the erasure is shown.</p>
            </Alert>
          ) : null}
          <ol className="aw-list-stack hi-events" aria-label={`Events of ${data.title}, oldest first`}>
            {data.events.map((e) => (
              <li key={e.position}>
                <EventCard event={e} onState={openState} onCorrelation={onCorrelation} />
              </li>
            ))}
          </ol>
        </>
      )}
      {stateOf ? <StateDialog streamId={streamId} event={stateOf} onClose={closeState} /> : null}
    </section>
  );
}

function CorrelationView({ id, headingRef, onStream, onCorrelation }: HeadingRef & { id: string; onStream: (streamId: string) => void; onCorrelation: (id: string) => void }) {
  const corr = useQuery({ queryKey: keys.correlation(id), queryFn: ({ signal }) => historyApi.correlation(id, signal) });
  return (
    <section className="hi-section hi-stack" aria-labelledby="hi-corr-title">
      <Card>
        <h2 id="hi-corr-title" ref={headingRef} tabIndex={-1} className="hi-title">
          One request across records
        </h2>
        <p className="aw-small">
          Events with correlation id <span className="aw-mono">{id}</span>, in the order they were written.
        </p>
      </Card>
      {corr.isError ? (
        <FailedAlert title="These events could not be loaded" reason={errorMessage(corr.error)} />
      ) : !corr.data ? (
        <InlineLoading>Loading the events...</InlineLoading>
      ) : corr.data.events.length === 0 ? (
        <p className="aw-muted">No events carry this correlation id.</p>
      ) : (
        <ol className="aw-list-stack hi-events" aria-label="Events of this request">
          {corr.data.events.map((e) => (
            <li key={`${e.streamId}-${e.position}`}>
              <EventCard event={e} onStream={onStream} onCorrelation={onCorrelation} currentCorrelation={id} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function LogView({ headingRef, onStream, onCorrelation }: HeadingRef & { onStream: (streamId: string) => void; onCorrelation: (id: string) => void }) {
  const [filters, setFilters] = useState<LogFilters>(NO_LOG_FILTERS);
  // The cursors of the pages before this one (newest first), so 'Newer events' steps back.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const request = logQuery(filters, before);
  const choices = useQuery({ queryKey: keys.filters, queryFn: ({ signal }) => historyApi.filters(signal) });
  const log = useQuery({
    queryKey: keys.log(request.ok ? request.query : {}),
    queryFn: ({ signal }) => historyApi.log(request.ok ? request.query : {}, signal),
    enabled: request.ok,
    placeholderData: keepPreviousData,
  });
  const change = (key: keyof LogFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setCursors([undefined]);
  };
  const listRef = useRef<HTMLHeadingElement>(null);
  const page = (next: (string | undefined)[]) => {
    setCursors(next);
    listRef.current?.focus();
  };
  const any = (label: string) => ({ value: '', label });
  const actorOptions = [any('Everyone'), { value: 'system', label: 'System' }, { value: 'family', label: 'Family members' }, ...(choices.data?.staff ?? []).map((s) => ({ value: s.actor, label: s.name }))];
  return (
    <section className="hi-section hi-stack" aria-labelledby="hi-log-title">
      <Card>
        <h2 id="hi-log-title" ref={headingRef} tabIndex={-1} className="hi-title">
          All events
        </h2>
        {choices.isError ? <p className="aw-error-text">The filter choices could not be loaded: {errorMessage(choices.error)}</p> : null}
        <div className="hi-filters">
          <Select label="Event type" value={filters.type} onChange={(e) => change('type', e.target.value)} options={[any('All event types'), ...(choices.data?.types ?? []).map((t) => ({ value: t, label: t }))]} />
          <Select label="Who" value={filters.actor} onChange={(e) => change('actor', e.target.value)} options={actorOptions} />
          <TextInput label="From" type="datetime-local" value={filters.from} onChange={(e) => change('from', e.target.value)} />
          <TextInput label="To" type="datetime-local" value={filters.to} onChange={(e) => change('to', e.target.value)} error={request.ok ? undefined : request.error} />
        </div>
        <Button variant="quiet" size="sm" onClick={() => {
            setFilters(NO_LOG_FILTERS);
            setCursors([undefined]);
          }} disabled={JSON.stringify(filters) === JSON.stringify(NO_LOG_FILTERS)}>
          Clear filters
        </Button>
      </Card>
      <div className="aw-split hi-section-head">
        <h3 ref={listRef} tabIndex={-1} className="hi-subtitle">
          Newest first
        </h3>
        <p className="aw-muted aw-small" role="status">
          {log.data ? `Page ${cursors.length}, ${log.data.events.length} ${log.data.events.length === 1 ? 'event' : 'events'}` : ''}
        </p>
      </div>
      {log.isError ? (
        <FailedAlert title="The log could not be loaded" reason={errorMessage(log.error)} />
      ) : log.isPending && request.ok ? (
        <InlineLoading>Loading the log...</InlineLoading>
      ) : log.data && log.data.events.length === 0 ? (
        <p className="aw-muted">No events match these filters.</p>
      ) : (
        <ol className="aw-list-stack hi-events" aria-busy={log.isFetching || undefined} aria-label="Events, newest first">
          {(log.data?.events ?? []).map((e) => (
            <li key={`${e.streamId}-${e.position}`}>
              <EventCard event={e} onStream={onStream} onCorrelation={onCorrelation} />
            </li>
          ))}
        </ol>
      )}
      {cursors.length > 1 || log.data?.next ? (
        <nav className="aw-split hi-pager" aria-label="Log pages">
          <Button variant="secondary" size="sm" disabled={cursors.length <= 1} onClick={() => page(cursors.slice(0, -1))} icon={<Icon name="arrow-left" size={16} />}>
            Newer events
          </Button>
          <Button variant="secondary" size="sm" disabled={!log.data?.next} onClick={() => log.data?.next && page([...cursors, log.data.next])}>
            Older events <Icon name="arrow-right" size={16} />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
