import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AdminSettingsSchema, DEFAULT_SETTINGS, SETTINGS_KEYS, type AdminSettings, type AdminSettingsResponse, type SettingsGroup } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProjectionsService } from '@afterwards/server-kit';
import { settingsProjection } from '../settings-projection/settings.projection';

/** How long a replica that does not run the projections trusts its copy (the others hear the change event). */
const CACHE_TTL_MS = 5_000;
const GROUP_BY_KEY = new Map(Object.entries(SETTINGS_KEYS).map(([group, { key }]) => [key, group as SettingsGroup]));

/** The settings as stored (defaults for any group missing or no longer valid), for code outside Nest too. */
export async function loadSettings(prisma: PrismaClient): Promise<AdminSettingsResponse> {
  const rows = await prisma.adminSetting.findMany();
  const settings = structuredClone(DEFAULT_SETTINGS) as Record<SettingsGroup, unknown>;
  let version = -1;
  let updatedAt: Date | null = null;
  for (const row of rows) {
    const group = GROUP_BY_KEY.get(row.settingKey);
    if (!group) continue;
    const parsed = AdminSettingsSchema.shape[group].safeParse(row.settingValue);
    if (parsed.success) settings[group] = parsed.data;
    version = Math.max(version, Number(row.version));
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { settings: settings as AdminSettings, version, updatedAt: updatedAt?.toISOString() ?? null };
}

/**
 * The one way any module reads the platform settings. Cached, and dropped when the settings projection
 * applies a change in this process; a row that no longer passes the schema falls back to its default.
 */
@Injectable()
export class SettingsService implements OnModuleInit, OnModuleDestroy {
  private cached: { value: AdminSettingsResponse; until: number } | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    private readonly projections: ProjectionsService,
  ) {}

  onModuleInit(): void {
    this.stopListening = this.projections.onChange((change) => {
      if (change.projection === settingsProjection.name) this.cached = undefined;
    });
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  invalidate(): void {
    this.cached = undefined;
  }

  async current(): Promise<AdminSettings> {
    return (await this.withVersion()).settings;
  }

  async withVersion(): Promise<AdminSettingsResponse> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const value = await loadSettings(this.prisma);
    this.cached = { value, until: now + CACHE_TTL_MS };
    return value;
  }
}
