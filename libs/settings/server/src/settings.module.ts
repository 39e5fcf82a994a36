import { Module } from '@nestjs/common';
import { registerErrorCodes } from '@afterwards/server-kit';
import { SettingsService } from './current-settings/settings.service';
import { ChangeSettingsHandler } from './save-settings/change-settings.handler';
import { SettingsPipeline } from './save-settings/settings-pipeline';
import { ReadSettingsController } from './read-settings/read-settings.http.controller';
import { SaveSettingsController } from './save-settings/save-settings.http.controller';

registerErrorCodes({ SETTINGS_INVALID: 400, SETTINGS_CHANGED: 409 });

/** Platform settings: one event-sourced aggregate, read everywhere through SettingsService. */
@Module({})
export class SettingsModule {
  static forRoot(role: 'api' | 'worker' | 'tools') {
    return {
      module: SettingsModule,
      global: true,
      controllers: role === 'api' ? [ReadSettingsController, SaveSettingsController] : [],
      providers: [SettingsService, SettingsPipeline, ChangeSettingsHandler],
      exports: [SettingsService],
    };
  }
}
