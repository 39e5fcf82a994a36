import { Body, Controller, Get, Inject, Put, Req } from '@nestjs/common';
import { DEFAULT_PREFERENCES, PreferencesSchema, ProfileSchema, type Preferences, type Profile } from '@afterwards/contracts';
import { PRISMA, withUser, type HttpRequest } from '@afterwards/server-kit';
import type { PrismaClient } from '@afterwards/persistence';
import type { Auth } from '../auth/auth';
import { AUTH } from '../tokens';
import { requireUser } from '../session/current-user';

type Row = { firstName: string | null; lastName: string | null; phone: string | null; address: string | null; dateOfBirth: Date | null; emergencyContact: string | null; emergencyPhone: string | null };

function toProfile(row: Row): Profile | null {
  if (!row.firstName) return null;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth ? row.dateOfBirth.toISOString().slice(0, 10) : null,
    address: row.address,
    emergencyContact: row.emergencyContact,
    emergencyPhone: row.emergencyPhone,
  };
}

/** Personal Information and Preferences; every query runs as the user under row-level security. */
@Controller('api')
export class ProfileController {
  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  @Get('profile')
  async getProfile(@Req() req: HttpRequest): Promise<{ profile: Profile | null }> {
    const u = await requireUser(this.auth, req);
    const row = await withUser(this.prisma, u.id, (tx) => tx.userSettings.findUnique({ where: { userId: u.id } }));
    return { profile: row ? toProfile(row) : null };
  }

  @Put('profile')
  async putProfile(@Req() req: HttpRequest, @Body() body: unknown): Promise<{ profile: Profile | null }> {
    const u = await requireUser(this.auth, req);
    const p = ProfileSchema.parse(body);
    const data = {
      firstName: p.firstName,
      lastName: p.lastName,
      phone: p.phone,
      address: p.address,
      dateOfBirth: p.dateOfBirth ? new Date(`${p.dateOfBirth}T00:00:00Z`) : null,
      emergencyContact: p.emergencyContact,
      emergencyPhone: p.emergencyPhone,
      updatedAt: new Date(),
    };
    const row = await withUser(this.prisma, u.id, (tx) => tx.userSettings.upsert({ where: { userId: u.id }, create: { userId: u.id, ...data }, update: data }));
    return { profile: toProfile(row) };
  }

  @Get('preferences')
  async getPreferences(@Req() req: HttpRequest): Promise<{ preferences: Preferences }> {
    const u = await requireUser(this.auth, req);
    const row = await withUser(this.prisma, u.id, (tx) => tx.userSettings.findUnique({ where: { userId: u.id } }));
    return { preferences: row ? { emailNotifications: row.emailNotifications, progressTracking: row.progressTracking } : DEFAULT_PREFERENCES };
  }

  @Put('preferences')
  async putPreferences(@Req() req: HttpRequest, @Body() body: unknown): Promise<{ preferences: Preferences }> {
    const u = await requireUser(this.auth, req);
    const p = PreferencesSchema.parse(body);
    const row = await withUser(this.prisma, u.id, (tx) =>
      tx.userSettings.upsert({ where: { userId: u.id }, create: { userId: u.id, ...p }, update: { ...p, updatedAt: new Date() } }),
    );
    return { preferences: { emailNotifications: row.emailNotifications, progressTracking: row.progressTracking } };
  }
}
