import { AdminSettingsSchema, DEFAULT_SETTINGS, unhandled, type AdminSettings, type SettingsGroup } from '@afterwards/contracts';

/** The platform's settings are one aggregate: one stream, so two saves can never interleave. */
export const SETTINGS_STREAM_ID = 'settings-platform';
export const SETTINGS_STREAM_PREFIX = 'settings-';

export interface SettingsGroupChange<G extends SettingsGroup = SettingsGroup> {
  readonly group: G;
  readonly from: AdminSettings[G];
  readonly to: AdminSettings[G];
}

/** Staff changed one or more setting groups (a save, or Reset to Defaults): what each was and became. */
export interface SettingsChanged {
  type: 'SettingsChanged';
  data: { changes: SettingsGroupChange[]; reset: boolean };
}
export type SettingsEvent = SettingsChanged;
export const SETTINGS_EVENT_TYPES: readonly SettingsEvent['type'][] = ['SettingsChanged'];

export type SettingsCommand = { type: 'SaveSettings'; settings: AdminSettings } | { type: 'ResetSettings' };

export interface SettingsState {
  readonly settings: AdminSettings;
}
export const initialSettingsState: SettingsState = { settings: DEFAULT_SETTINGS };

export class SettingsError extends Error {
  constructor(
    readonly code: 'SETTINGS_INVALID',
    message: string,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}

const GROUPS = Object.keys(DEFAULT_SETTINGS) as SettingsGroup[];

/** Deep equality of JSON values (settings are plain JSON), insensitive to key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function changesTo(state: SettingsState, next: AdminSettings): SettingsGroupChange[] {
  return GROUPS.filter((g) => !sameJson(state.settings[g], next[g])).map((group) => ({ group, from: state.settings[group], to: next[group] }) as SettingsGroupChange);
}

/** Pure: the events of a settings command. Only the groups that really changed are recorded. */
export function decideSettings(command: SettingsCommand, state: SettingsState): SettingsEvent[] {
  switch (command.type) {
    case 'SaveSettings': {
      const parsed = AdminSettingsSchema.safeParse(command.settings);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new SettingsError('SETTINGS_INVALID', errors[0]?.message ?? 'Invalid settings', errors);
      }
      const changes = changesTo(state, parsed.data);
      return changes.length ? [{ type: 'SettingsChanged', data: { changes, reset: false } }] : [];
    }
    case 'ResetSettings': {
      const changes = changesTo(state, DEFAULT_SETTINGS);
      return changes.length ? [{ type: 'SettingsChanged', data: { changes, reset: true } }] : [];
    }
    default:
      return unhandled('Unknown command', command);
  }
}

export function evolveSettings(state: SettingsState, event: SettingsEvent): SettingsState {
  switch (event.type) {
    case 'SettingsChanged': {
      const settings = { ...state.settings } as Record<SettingsGroup, unknown>;
      for (const c of event.data.changes) settings[c.group] = c.to;
      return { settings: settings as AdminSettings };
    }
    default:
      return unhandled('Unknown event', event.type);
  }
}
