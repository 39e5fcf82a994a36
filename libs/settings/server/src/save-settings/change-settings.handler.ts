import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@afterwards/event-store';
import { EVENT_STORE, executeCommand, type Decider } from '@afterwards/server-kit';
import {
  decideSettings,
  evolveSettings,
  initialSettingsState,
  SETTINGS_STREAM_ID,
  type SettingsCommand,
  type SettingsEvent,
  type SettingsState,
} from '@afterwards/settings-domain';
import { ChangeSettings, type SettingsChangeResult } from './change-settings.command';

const settingsDecider: Decider<SettingsCommand, SettingsEvent, SettingsState> = {
  initialState: initialSettingsState,
  decide: decideSettings,
  evolve: evolveSettings,
};

@CommandHandler(ChangeSettings)
export class ChangeSettingsHandler implements ICommandHandler<ChangeSettings, SettingsChangeResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ command, context, expectedRevision }: ChangeSettings): Promise<SettingsChangeResult> {
    const result = await executeCommand(this.store, SETTINGS_STREAM_ID, settingsDecider, command, context, { expectedRevision });
    return { events: result.events, revision: result.revision, position: result.position };
  }
}
