import { SETTINGS_KEYS, type SettingsGroup } from '@afterwards/contracts';
import { staffTableProjection } from '@afterwards/server-kit';
import { SETTINGS_STREAM_PREFIX, type SettingsEvent } from '@afterwards/settings-domain';

/** Projects the settings stream into `admin_settings` (one row per group, the spec's keys and types). */
export const settingsProjection = staffTableProjection<SettingsEvent>({
  name: 'settings.admin',
  streamPrefix: SETTINGS_STREAM_PREFIX,
  table: 'admin_settings',

  async apply({ event, at, version }, tx) {
    if (event.type !== 'SettingsChanged') return [];
    const changed: string[] = [];
    for (const change of event.data.changes) {
      const { key, type } = SETTINGS_KEYS[change.group as SettingsGroup];
      const value = change.to as object;
      // Idempotent: a replayed event whose revision the row already has changes nothing.
      const updated = await tx.adminSetting.updateMany({ where: { settingKey: key, version: { lt: version } }, data: { settingValue: value, version, updatedAt: at } });
      if (updated.count === 0) {
        await tx.adminSetting.createMany({ data: [{ settingKey: key, settingType: type, settingValue: value, version, createdAt: at, updatedAt: at }], skipDuplicates: true });
      }
      changed.push(key);
    }
    return changed;
  },

  async snapshot(prisma) {
    return prisma.adminSetting.findMany({ orderBy: { settingKey: 'asc' } });
  },
});
