export { SettingsModule } from './settings.module';
export { settingsMigrations } from './settings.migrations';
export { settingsProjection } from './settings-projection/settings.projection';
export { SettingsService, loadSettings } from './current-settings/settings.service';
export { ChangeSettings } from './save-settings/change-settings.command';
