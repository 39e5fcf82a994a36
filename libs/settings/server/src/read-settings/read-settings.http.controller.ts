import { Controller, Get } from '@nestjs/common';
import type { AdminSettingsResponse } from '@afterwards/contracts';
import { SettingsService } from '../current-settings/settings.service';

/** `GET /api/admin/settings` (admin spec Settings; guarded as every staff route): the settings with their version. */
@Controller('api/admin/settings')
export class ReadSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  read(): Promise<AdminSettingsResponse> {
    return this.settings.withVersion();
  }
}
