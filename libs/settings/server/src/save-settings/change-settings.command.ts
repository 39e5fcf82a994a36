import { Command } from '@nestjs/cqrs';
import type { Position } from '@afterwards/event-store';
import type { CommandContext } from '@afterwards/server-kit';
import type { SettingsCommand, SettingsEvent } from '@afterwards/settings-domain';

export interface SettingsChangeResult {
  readonly events: SettingsEvent[];
  readonly revision: bigint;
  readonly position?: Position;
}

/** Save or reset the platform settings, as one command on the settings stream. */
export class ChangeSettings extends Command<SettingsChangeResult> {
  constructor(
    readonly command: SettingsCommand,
    readonly context: CommandContext,
    readonly expectedRevision?: bigint,
  ) {
    super();
  }
}
