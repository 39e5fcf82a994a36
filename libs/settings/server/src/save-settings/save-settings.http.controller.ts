import { Body, Controller, HttpCode, type OnModuleInit, Post, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { SETTINGS_KEYS, SaveSettingsRequestSchema, type AdminSettingsResponse, type SettingsGroup } from '@afterwards/contracts';
import { AuditRecordNames, AuditTrail, staffContext } from '@afterwards/identity-server';
import type { SettingsCommand } from '@afterwards/settings-domain';
import { SettingsService } from '../current-settings/settings.service';
import { SettingsPipeline } from './settings-pipeline';

const SETTINGS_TABLE = 'admin_settings';

/** 'promotion_pricing,default_service_radius' → 'promotion pricing and default service radius'. */
function settingNames(keys: string): string {
  const words = keys.split(',').map((k) => k.replace(/_/g, ' '));
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** `PUT /api/admin/settings`, `POST /api/admin/settings/reset` (admin spec Settings; guarded as every staff route). */
@Controller('api/admin/settings')
export class SaveSettingsController implements OnModuleInit {
  constructor(
    private readonly pipeline: SettingsPipeline,
    private readonly settings: SettingsService,
    private readonly audit: AuditTrail,
    private readonly names: AuditRecordNames,
  ) {}

  onModuleInit(): void {
    // A save's record is the setting keys it changed: 'promotion_pricing,default_service_radius'.
    this.names.add(SETTINGS_TABLE, async (ids) => new Map(ids.map((id) => [id, `Settings: ${settingNames(id)}`])));
  }

  @Put()
  async save(@Req() req: HttpRequest, @Body() body: unknown): Promise<AdminSettingsResponse> {
    const { settings, expectedVersion } = SaveSettingsRequestSchema.parse(body ?? {});
    return this.change(req, { type: 'SaveSettings', settings }, expectedVersion, 'settings_updated');
  }

  @Post('reset')
  @HttpCode(200)
  async reset(@Req() req: HttpRequest): Promise<AdminSettingsResponse> {
    return this.change(req, { type: 'ResetSettings' }, undefined, 'settings_reset');
  }

  private async change(req: HttpRequest, command: SettingsCommand, expectedVersion: number | undefined, action: string): Promise<AdminSettingsResponse> {
    const key = (g: SettingsGroup) => SETTINGS_KEYS[g].key;
    await this.pipeline.change(SettingsPipeline.ID, [command], staffContext(req), {
      expectedRevision: expectedVersion === undefined ? undefined : BigInt(expectedVersion),
      // One row per save: the spec's setting keys that changed, with their old and new values.
      audit: ({ events }) =>
        this.audit.recordMany(
          req,
          events.map((event) => ({
            action,
            tableName: SETTINGS_TABLE,
            recordId: event.data.changes.map((c) => key(c.group)).join(','),
            oldValues: Object.fromEntries(event.data.changes.map((c) => [key(c.group), c.from])),
            newValues: Object.fromEntries(event.data.changes.map((c) => [key(c.group), c.to])),
          })),
        ),
    });
    this.settings.invalidate();
    return this.settings.withVersion();
  }
}
