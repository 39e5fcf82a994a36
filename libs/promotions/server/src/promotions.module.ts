import { Module } from '@nestjs/common';
import type { EventStore } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { PROMOTION_ERROR_STATUS } from '@afterwards/promotions-domain';
import { EVENT_STORE, PRISMA, ProjectionsService, registerErrorCodes, systemClock, type Clock } from '@afterwards/server-kit';
import { SettingsService } from '@afterwards/settings-server';
import { DirectoryModule } from '@afterwards/directory-server';
import { ListPromotionsController } from './list-promotions/list-promotions.http.controller';
import { ListPromotableBusinessesController } from './list-promotable-businesses/list-promotable-businesses.http.controller';
import { CreatePromotionController } from './create-promotion/create-promotion.http.controller';
import { EditPromotionController } from './edit-promotion/edit-promotion.http.controller';
import { RenewPromotionController } from './renew-promotion/renew-promotion.http.controller';
import { CancelPromotionController } from './cancel-promotion/cancel-promotion.http.controller';
import { StartPromotionController } from './start-promotion/start-promotion.http.controller';
import { StaffPromotions } from './staff-promotions/staff-promotions.service';
import { PromotionReactorsService } from './promotion-reactors.service';
import { createPromotionRuntime, type PromotionRuntime } from './promotion-runtime';
import { promotionsProjection } from './promotions-projection/promotions.projection';
import { PROMOTION_RUNTIME, PROMOTIONS_CLOCK } from './tokens';
import { PromotionAuditNames } from './audit-names/promotion-audit-names';

registerErrorCodes({ ...PROMOTION_ERROR_STATUS, PROMOTION_CHANGED: 409 });

/** Paid promotions: the aggregate's commands, its read model, reactors and timed work. */
@Module({
  // The placement reactor sends listing commands through the directory's command API.
  imports: [DirectoryModule],
  controllers: [
    ListPromotionsController,
    ListPromotableBusinessesController,
    CreatePromotionController,
    EditPromotionController,
    RenewPromotionController,
    CancelPromotionController,
    StartPromotionController,
  ],
  providers: [
    { provide: PROMOTIONS_CLOCK, useValue: systemClock },
    {
      provide: PROMOTION_RUNTIME,
      useFactory: (store: EventStore, prisma: PrismaClient, clock: Clock, settings: SettingsService, projections: ProjectionsService): PromotionRuntime =>
        createPromotionRuntime({ store, prisma, clock, settings: () => settings.current() }, (position) => projections.waitUntilApplied(promotionsProjection.name, position)),
      inject: [EVENT_STORE, PRISMA, PROMOTIONS_CLOCK, SettingsService, ProjectionsService],
    },
    StaffPromotions,
    PromotionReactorsService,
    PromotionAuditNames,
  ],
  exports: [PROMOTION_RUNTIME],
})
export class PromotionsModule {}
