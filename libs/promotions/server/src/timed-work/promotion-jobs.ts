import type { JobQueue } from '@afterwards/jobs';
import { MAILER } from '@afterwards/identity-server';
import type { Mailer } from '@afterwards/mail';
import { APP_CONFIG, JOB_QUEUE, PRISMA, type AppConfig, type JobProcessor, type JobServices } from '@afterwards/server-kit';
import type { PrismaClient } from '@afterwards/persistence';
import { promotionNoticeJob, sendPromotionNotice, type PromotionNoticePayload } from '../send-promotion-notices/promotion-notices';
import { foldPromotionFiguresProcessor } from '../fold-figures/fold-promotion-figures.job';
import type { PromotionRuntime } from '../promotion-runtime';
import { PROMOTION_RUNTIME } from '../tokens';
import { promotionDueJob, runDueWork, type PromotionDuePayload } from './promotion-due.job';
import { PROMOTION_SWEEP_EVERY_MS, promotionSweepJob, sweepDueWork } from './promotion-sweep.job';

const runtime = (services: JobServices) => services.get<PromotionRuntime>(PROMOTION_RUNTIME);
const queue = (services: JobServices) => services.get<JobQueue>(JOB_QUEUE);

/** Every job of the promotions context, for the process that runs jobs (the worker, or the embedded API). */
export const promotionJobProcessors: JobProcessor[] = [
  {
    definition: promotionDueJob,
    handler: async (job, services) => {
      await runDueWork(runtime(services), queue(services), job.payload as PromotionDuePayload);
    },
    options: { concurrency: 8 },
  },
  {
    definition: promotionSweepJob,
    handler: async (_job, services) => {
      await sweepDueWork(runtime(services), queue(services));
    },
    // Runs as soon as the worker starts, then every minute.
    everyMs: PROMOTION_SWEEP_EVERY_MS,
    schedulePayload: null,
  },
  {
    definition: promotionNoticeJob,
    handler: async (job, services) => {
      const config = services.get<AppConfig>(APP_CONFIG);
      const settings = await runtime(services).settings();
      await sendPromotionNotice(
        { prisma: services.get<PrismaClient>(PRISMA), mailer: services.get<Mailer>(MAILER), publicUrl: config.publicUrl, supportEmail: config.supportEmail, timeZone: settings.platformConfig.timezone },
        job.payload as PromotionNoticePayload,
      );
    },
  },
  foldPromotionFiguresProcessor as JobProcessor,
];
