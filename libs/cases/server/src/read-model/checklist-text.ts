/** Where a task's or document's facts come from (the template's provenance), copied as it is. */
export interface Provenance {
  source: string;
  lastReviewed: string;
  checkFigure: boolean;
  figureNote: string | null;
}

/** A task's how-to text from its template, with its provenance. */
export interface TaskGuidance extends Provenance {
  estimatedTime: string;
  cost: string;
  whyNeeded: string;
  howToComplete: string;
  externalUrl: string;
}

// The projection copies these from the event to the row, and the read model from the row to the screen,
// unchanged: one list of the fields keeps the two from drifting apart.
export const provenanceOf = (item: Provenance): Provenance => ({
  source: item.source,
  lastReviewed: item.lastReviewed,
  checkFigure: item.checkFigure,
  figureNote: item.figureNote,
});

export const taskGuidanceOf = (task: TaskGuidance): TaskGuidance => ({
  estimatedTime: task.estimatedTime,
  cost: task.cost,
  whyNeeded: task.whyNeeded,
  howToComplete: task.howToComplete,
  externalUrl: task.externalUrl,
  ...provenanceOf(task),
});
