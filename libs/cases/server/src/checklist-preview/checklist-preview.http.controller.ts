import { Controller, Get, Query } from '@nestjs/common';
import { ChecklistPreviewSchema, type ChecklistPreview } from '@afterwards/contracts';
import { DEFAULT_JURISDICTION, generateChecklist, isJurisdiction } from '@afterwards/checklist-domain';

/** Public: the template checklist shown on the empty Tasks and Documents tabs, before any memory exists. */
@Controller('api/checklist')
export class ChecklistPreviewController {
  @Get('preview')
  preview(@Query('jurisdiction') jurisdiction?: string): ChecklistPreview {
    const chosen = isJurisdiction(jurisdiction) ? jurisdiction : DEFAULT_JURISDICTION;
    let n = 0;
    const checklist = generateChecklist({ jurisdiction: chosen, deceasedName: 'the person who died' }, () => `preview-${++n}`);
    // Through the contract: the domain's checklist carries fields the answer does not have (taskName, documentName).
    return ChecklistPreviewSchema.parse({ jurisdiction: chosen, templateVersion: checklist.templateVersion, tasks: checklist.tasks, documents: checklist.documents });
  }
}
