import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@afterwards/event-store';
import { CommandPipeline, EVENT_STORE, ProblemError, ProjectionsService, type AggregateCommands, type Decider } from '@afterwards/server-kit';
import {
  decideSettings,
  evolveSettings,
  initialSettingsState,
  SETTINGS_STREAM_ID,
  type SettingsCommand,
  type SettingsEvent,
  type SettingsState,
} from '@afterwards/settings-domain';
import { settingsProjection } from '../settings-projection/settings.projection';

const settingsDecider: Decider<SettingsCommand, SettingsEvent, SettingsState> = {
  initialState: initialSettingsState,
  decide: decideSettings,
  evolve: evolveSettings,
};

const CHANGED = 'Another member of staff changed the settings while you were editing. The latest settings have been loaded.';

/** How the one settings aggregate's commands run: a save made on an older version is a 409 in words. */
export function settingsCommands(settle?: AggregateCommands<SettingsCommand, SettingsEvent, SettingsState>['settle']): AggregateCommands<SettingsCommand, SettingsEvent, SettingsState> {
  return {
    streamId: () => SETTINGS_STREAM_ID,
    decider: settingsDecider,
    conflict: () => new ProblemError(409, 'SETTINGS_CHANGED', CHANGED),
    settle,
  };
}

/** The settings' command pipeline in the product: settled when the settings read model holds the change. */
@Injectable()
export class SettingsPipeline extends CommandPipeline<SettingsCommand, SettingsEvent, SettingsState> {
  /** The aggregate's id: there is one settings stream. */
  static readonly ID = 'platform';

  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(ProjectionsService) projections: Pick<ProjectionsService, 'waitUntilApplied'>) {
    super(store, settingsCommands((position) => projections.waitUntilApplied(settingsProjection.name, position)));
  }
}
