import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ChangeSettings, type SettingsChangeResult } from './change-settings.command';
import { SettingsPipeline } from './settings-pipeline';

/** The CommandBus's way into the settings' command pipeline. */
@CommandHandler(ChangeSettings)
export class ChangeSettingsHandler implements ICommandHandler<ChangeSettings, SettingsChangeResult> {
  constructor(private readonly pipeline: SettingsPipeline) {}

  async execute({ command, context, expectedRevision }: ChangeSettings): Promise<SettingsChangeResult> {
    const result = await this.pipeline.run(SettingsPipeline.ID, command, context, { expectedRevision });
    return { events: result.events, revision: result.revision, position: result.position };
  }
}
