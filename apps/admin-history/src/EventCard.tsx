// One event of a record's history as a card (who, when, where from, its ids, its data), the dialog with the
// record's state at that version and what changed, and the scrollable blocks they show values in.
import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldChange, HistoryEvent } from '@afterwards/contracts';
import { errorMessage, formatDateTime } from '@afterwards/web-staff';
import { Badge, Button, Card, Dialog, InlineLoading } from '@afterwards/web-ui';
import { historyApi, keys } from './api';
import { CHANGE_LABELS, actorText, valueText } from './history-view';
import { FailedAlert } from '@afterwards/web-ui/back-office';

/** One event: who, when, where from, its ids, its data (or the names of its fields, for memories). */
export function EventCard({
  event: e,
  onState,
  onStream,
  onCorrelation,
  currentCorrelation,
}: {
  event: HistoryEvent;
  onState?: (e: HistoryEvent) => void;
  onStream?: (streamId: string) => void;
  onCorrelation: (id: string) => void;
  currentCorrelation?: string;
}) {
  const titleId = useId();
  return (
    <Card as="article" className="aw-stack hi-event" aria-labelledby={titleId}>
      <div className="aw-split hi-event__head">
        <h3 id={titleId} className="hi-event__title">
          <span className="hi-version">v{e.version}</span> {e.type}
        </h3>
        <time className="aw-muted aw-small" dateTime={e.recordedAt} title={e.recordedAt}>
          {formatDateTime(e.recordedAt)}
        </time>
      </div>
      <dl className="aw-facts hi-facts">
        <Fact label="Who">
          {actorText(e)} {e.actor.kind === 'staff' ? <Badge>Staff</Badge> : null}
        </Fact>
        {onStream ? (
          <Fact label="Record">
            <button type="button" className="aw-text-button hi-link" onClick={() => onStream(e.streamId)}>
              {e.streamId}
            </button>
          </Fact>
        ) : null}
        <Fact label="Global position">
          <span className="aw-mono">{e.position}</span>
        </Fact>
        <Fact label="Correlation">
          {e.correlationId ? (
            e.correlationId === currentCorrelation ? (
              <span className="aw-mono">{e.correlationId}</span>
            ) : (
              <button type="button" className="aw-text-button hi-link aw-mono" onClick={() => onCorrelation(e.correlationId!)} aria-label={`Follow correlation ${e.correlationId}`}>
                {e.correlationId}
              </button>
            )
          ) : (
            <span className="aw-muted">none</span>
          )}
        </Fact>
        <Fact label="Causation">{e.causationId ? <span className="aw-mono">{e.causationId}</span> : <span className="aw-muted">none</span>}</Fact>
        <Fact label="Request">{e.requestId ? <span className="aw-mono">{e.requestId}</span> : <span className="aw-muted">none</span>}</Fact>
        <Fact label="From where">
          {e.ip ?? <span className="aw-muted">not recorded</span>}
          {e.userAgent ? <span className="aw-muted aw-small aw-block">{e.userAgent}</span> : null}
        </Fact>
      </dl>
      {e.redacted ? (
        <p className="aw-small">
          <span className="aw-muted">Fields (values withheld): </span>
          {e.fields.length ? e.fields.join(', ') : 'none'}
        </p>
      ) : (
        <details className="hi-details">
          <summary>Data</summary>
          <ScrollablePre label={`Data of version ${e.version}`}>{valueText(e.data)}</ScrollablePre>
        </details>
      )}
      {onState ? (
        <div>
          <Button size="sm" variant="secondary" onClick={() => onState(e)} aria-label={`State at version ${e.version}`}>
            State at this version
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="hi-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The record as it stood after one event (replayed by the server), and what that event changed. */
export function StateDialog({ streamId, event, onClose }: { streamId: string; event: HistoryEvent; onClose: () => void }) {
  const state = useQuery({ queryKey: keys.state(streamId, event.version), queryFn: ({ signal }) => historyApi.state(streamId, event.version, signal) });
  const data = state.data;
  return (
    <Dialog open onClose={onClose} size="wide" title={`State at version ${event.version}`} closeLabel="Close">
      <p className="aw-small">
        After <strong>{event.type}</strong> on {formatDateTime(event.recordedAt)}, by {actorText(event)}.
      </p>
      {state.isError ? (
        <FailedAlert title="The state could not be loaded" reason={errorMessage(state.error)} />
      ) : !data ? (
        <InlineLoading>Replaying the events...</InlineLoading>
      ) : (
        <div className="hi-stack">
          <h3 className="hi-subtitle">Changes from version {event.version - 1 || 'none (the record was created)'}</h3>
          {data.changes.length === 0 ? <p className="aw-muted">No field changed.</p> : <ChangesTable changes={data.changes} redacted={data.redacted} version={event.version} />}
          {data.redacted ? (
            <p className="aw-muted aw-small">The values of a family's memory are not shown.</p>
          ) : (
            <details className="hi-details" open>
              <summary>Whole record at version {event.version}</summary>
              <ScrollablePre label={`Whole record at version ${event.version}`} testId="hi-state">
                {valueText(data.state)}
              </ScrollablePre>
            </details>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** A value that may scroll: focusable, so it can be scrolled with the keyboard, and named for screen readers. */
function ScrollablePre({ label, cell = false, testId, children }: { label: string; cell?: boolean; testId?: string; children: string }) {
  return (
    <pre className={cell ? 'hi-pre hi-pre--cell' : 'hi-pre'} tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      {children}
    </pre>
  );
}

function ChangesTable({ changes, redacted, version }: { changes: FieldChange[]; redacted: boolean; version: number }) {
  return (
    <div className="hi-table-wrap">
      <table className="aw-table hi-diff">
        <caption className="aw-visually-hidden">Fields changed at version {version}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Change</th>
            {redacted ? null : (
              <>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.path}>
              <th scope="row" className="aw-mono">
                {c.path}
              </th>
              <td data-label="Change">{CHANGE_LABELS[c.change]}</td>
              {redacted ? null : (
                <>
                  <td data-label="Before">
                    <ScrollablePre cell label={`${c.path} before`}>{valueText(c.before)}</ScrollablePre>
                  </td>
                  <td data-label="After">
                    <ScrollablePre cell label={`${c.path} after`}>{valueText(c.after)}</ScrollablePre>
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
