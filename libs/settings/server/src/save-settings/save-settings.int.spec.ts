import { AuditRecordNames, AuditTrail } from '@afterwards/identity-server';
import { startCommandSide, type CommandSide } from '@afterwards/testing/command-side';
import { SettingsService } from '../current-settings/settings.service';
import { settingsProjection } from '../settings-projection/settings.projection';
import { settingsMigrations } from '../settings.migrations';
import { SaveSettingsController } from './save-settings.http.controller';
import { SettingsPipeline } from './settings-pipeline';

describe('saving the settings', () => {
  let side: CommandSide;
  let route: SaveSettingsController;
  beforeAll(async () => {
    side = await startCommandSide({ migrations: settingsMigrations, projections: [settingsProjection] });
    // The cache is dropped after every save; nothing here listens for other replicas' saves.
    const settings = new SettingsService(side.prisma, side.projections as never);
    route = new SaveSettingsController(new SettingsPipeline(side.store, side.projections), settings, new AuditTrail(side.db.sql), new AuditRecordNames());
  });
  afterAll(() => side.stop());

  it('saves a change on the version staff saw, answers the new settings and audits the keys that changed', async () => {
    const { settings, version } = await route.reset(side.staff);
    const saved = await route.save(side.staff, { settings: { ...settings, defaultServiceRadius: 30 }, expectedVersion: version });
    expect(saved.settings.defaultServiceRadius).toBe(30);
    expect(saved.version).toBeGreaterThan(version);
    expect(await side.audits()).toEqual([
      { action: 'settings_updated', table_name: 'admin_settings', record_id: 'default_service_radius', old_values: { default_service_radius: settings.defaultServiceRadius }, new_values: { default_service_radius: 30 } },
    ]);
  });

  it('refuses a save made on an older version with 409 SETTINGS_CHANGED in words, and keeps the newer settings', async () => {
    const first = await route.reset(side.staff);
    const newer = await route.save(side.staff, { settings: { ...first.settings, defaultServiceRadius: 40 }, expectedVersion: first.version });
    await expect(route.save(side.staff, { settings: { ...first.settings, defaultServiceRadius: 50 }, expectedVersion: first.version })).rejects.toMatchObject({
      status: 409,
      code: 'SETTINGS_CHANGED',
      message: 'Another member of staff changed the settings while you were editing. The latest settings have been loaded.',
    });
    expect((await route.reset(side.staff)).version).toBeGreaterThan(newer.version);
  });
});
