import { ANY, NO_STREAM, STREAM_EXISTS, WrongExpectedVersionError, type RecordedEvent } from '@kurrent/kurrentdb-client';
import {
  fromKurrentActualState,
  fromKurrentEvent,
  isSystemEvent,
  toConflictError,
  toKurrentStreamState,
} from './kurrentdb-event-store';
import { StreamConflictError } from './port';

describe('toKurrentStreamState', () => {
  it('maps each expected state to the client stream state', () => {
    expect(toKurrentStreamState('any')).toBe(ANY);
    expect(toKurrentStreamState('no_stream')).toBe(NO_STREAM);
    expect(toKurrentStreamState('stream_exists')).toBe(STREAM_EXISTS);
    expect(toKurrentStreamState(0n)).toBe(0n);
    expect(toKurrentStreamState(41n)).toBe(41n);
  });

  it('rejects a negative revision', () => {
    expect(() => toKurrentStreamState(-1n)).toThrow(RangeError);
  });
});

describe('conflict mapping', () => {
  it('maps the actual state, treating deleted and tombstoned streams as no stream', () => {
    expect(fromKurrentActualState(NO_STREAM)).toBe('no_stream');
    expect(fromKurrentActualState(3n)).toBe(3n);
    expect(fromKurrentActualState(-5n)).toBe('no_stream');
    expect(fromKurrentActualState(-6n)).toBe('no_stream');
  });

  it('turns WrongExpectedVersionError into StreamConflictError and leaves other errors alone', () => {
    const wrong = new WrongExpectedVersionError(undefined, { streamName: 'case-1', expected: 1n, current: 4n });
    const mapped = toConflictError(wrong, 'case-1', 1n);
    expect(mapped).toBeInstanceOf(StreamConflictError);
    expect(mapped).toMatchObject({ streamId: 'case-1', expected: 1n, actual: 4n });

    const other = new Error('unavailable');
    expect(toConflictError(other, 'case-1', 1n)).toBe(other);
  });
});

describe('recorded events', () => {
  it('recognises system streams and event types', () => {
    expect(isSystemEvent({ streamId: '$stats-1', type: 'Anything' })).toBe(true);
    expect(isSystemEvent({ streamId: 'case-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: 'case-1', type: 'CaseOpened' })).toBe(false);
  });

  it('maps a client event to the port shape', () => {
    const metadata = { eventId: 'e', occurredAt: '2026-01-01T00:00:00.000Z', actor: 'system', correlationId: 'c', causationId: 'c', schemaVersion: 1 };
    const event = {
      streamId: 'case-1',
      id: '5f0a2a34-9a53-4f39-9d1c-1a0b1c2d3e4f',
      isJson: true,
      revision: 2n,
      type: 'CaseOpened',
      created: new Date('2026-01-02T03:04:05.006Z'),
      data: { deceased: 'Ada' },
      metadata,
      position: { commit: 100n, prepare: 99n },
    } as RecordedEvent;
    expect(fromKurrentEvent(event)).toEqual({
      streamId: 'case-1',
      revision: 2n,
      position: { commit: 100n, prepare: 99n },
      type: 'CaseOpened',
      data: { deceased: 'Ada' },
      metadata,
      recordedAt: '2026-01-02T03:04:05.006Z',
    });
  });

  it('decodes binary JSON payloads and refuses events without a position', () => {
    const bytes = (value: unknown) => new Uint8Array(Buffer.from(JSON.stringify(value)));
    const event = {
      streamId: 's',
      id: 'x',
      isJson: false,
      revision: 0n,
      type: 'T',
      created: new Date(0),
      data: bytes({ a: 1 }),
      metadata: bytes({ actor: 'system' }),
      position: { commit: 1n, prepare: 1n },
    } as RecordedEvent;
    expect(fromKurrentEvent(event)).toMatchObject({ data: { a: 1 }, metadata: { actor: 'system' } });
    expect(() => fromKurrentEvent({ ...event, position: undefined } as RecordedEvent)).toThrow(/without a position/);
  });
});
