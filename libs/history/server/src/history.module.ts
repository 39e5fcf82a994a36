import { Module } from '@nestjs/common';
import { AuditVerifyController, HistoryController } from './history.http.controller';
import { HistoryService } from './history.service';

/** Event history for audit reviewers, and the audit trail's verification badge. */
@Module({})
export class HistoryModule {
  static forRoot(role: 'api' | 'worker' | 'tools') {
    return {
      module: HistoryModule,
      controllers: role === 'api' ? [HistoryController, AuditVerifyController] : [],
      providers: [HistoryService],
      exports: [HistoryService],
    };
  }
}
