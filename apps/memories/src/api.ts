// The memories API client (contracts in libs/contracts/src/memories.ts) on the shared one (@afterwards/web-data),
// counting this page's writes in flight so the realtime refetch can wait for their answers (see store.ts).
import {
  CalendarSubscriptionSchema,
  ChecklistPreviewSchema,
  MemoryRemindersSchema,
  type CalendarSubscription,
  type MemoryReminders,
  DOCUMENT_TITLE_HEADER,
  MEMORIES_PATH,
  MemoryDetailSchema,
  MemoryExportSchema,
  MemoryListResponseSchema,
  MemorySharingSchema,
  type ChecklistPreview,
  type InviteToMemoryRequest,
  type MemberRole,
  type MemorySharing,
  type MemoryExport,
  type CreateMemoryRequest,
  type EditMemoryRequest,
  type EditNoteRequest,
  type MemoryDetail,
  type NoteRequest,
  type SettleItemRequest,
} from '@afterwards/contracts';
import { ApiError, errorMessage, parseAnswer, requestJson, uploadFile } from '@afterwards/web-data';

export const CHECKLIST_PREVIEW_PATH = '/api/checklist/preview';
export { ApiError, errorMessage };

// Writes this page has sent and not yet heard back from. The realtime refetch waits for them: their answers
// hold the change, so a change this page made is not fetched again (see store.ts).
let writesInFlight = 0;
const writesSettled = new Set<() => void>();

/** True while a write of this page is waiting for its answer. */
export function writing(): boolean {
  return writesInFlight > 0;
}

/** Calls `listener` once every write in flight has been answered (or failed). */
export function onWritesSettled(listener: () => void): () => void {
  writesSettled.add(listener);
  return () => writesSettled.delete(listener);
}

async function tracked<T>(write: () => Promise<T>): Promise<T> {
  writesInFlight += 1;
  try {
    return await write();
  } finally {
    writesInFlight -= 1;
    if (writesInFlight === 0) for (const l of [...writesSettled]) l();
  }
}

/** `/api/memories/:id/...`, each part URI-encoded. */
export const memoryUrl = (id: string, ...rest: string[]) => [MEMORIES_PATH, encodeURIComponent(id), ...rest.map((p) => encodeURIComponent(p))].join('/');

function request(method: string, url: string, body?: unknown): Promise<unknown> {
  return method === 'GET' ? requestJson(method, url, { body }) : tracked(() => requestJson(method, url, { body }));
}

const detail = (body: unknown): MemoryDetail => parseAnswer(MemoryDetailSchema, body);

/** Sends a file's bytes (contract: octet-stream, URI-encoded name header), reporting progress. */
function upload(method: 'PUT' | 'POST', url: string, file: File, headers: Record<string, string>, onProgress?: (fraction: number) => void): Promise<MemoryDetail> {
  return tracked(() => uploadFile(url, file, { method, headers, onProgress, schema: MemoryDetailSchema }));
}

export const api = {
  /** Every memory, each whole, in one read (the first load and a refresh). */
  async listMemoryDetails(): Promise<MemoryDetail[]> {
    return parseAnswer(MemoryListResponseSchema, await request('GET', `${MEMORIES_PATH}?include=details`)).details ?? [];
  },
  async getMemory(id: string): Promise<MemoryDetail> {
    return detail(await request('GET', memoryUrl(id)));
  },
  async createMemory(body: CreateMemoryRequest): Promise<MemoryDetail> {
    return detail(await request('POST', MEMORIES_PATH, body));
  },
  async editMemory(id: string, body: EditMemoryRequest): Promise<MemoryDetail> {
    return detail(await request('PATCH', memoryUrl(id), body));
  },
  async deleteMemory(id: string): Promise<void> {
    await request('DELETE', memoryUrl(id));
  },
  setPhoto(id: string, file: File, onProgress?: (fraction: number) => void): Promise<MemoryDetail> {
    return upload('PUT', memoryUrl(id, 'photo'), file, {}, onProgress);
  },
  async removePhoto(id: string): Promise<MemoryDetail> {
    return detail(await request('DELETE', memoryUrl(id, 'photo')));
  },
  async setTaskStatus(id: string, taskId: string, status: 'complete' | 'pending'): Promise<MemoryDetail> {
    return detail(await request('PUT', memoryUrl(id, 'tasks', taskId), { status }));
  },
  async setDocumentCollected(id: string, documentId: string, collected: boolean): Promise<MemoryDetail> {
    return detail(await request('PUT', memoryUrl(id, 'documents', documentId), { collected }));
  },
  /** Marks a task or checklist document 'Not needed' or 'Done before I started' (item: 'tasks' or 'documents'). */
  async settle(id: string, item: 'tasks' | 'documents', itemId: string, body: SettleItemRequest): Promise<MemoryDetail> {
    return detail(await request('PUT', memoryUrl(id, item, itemId, 'settlement'), body));
  },
  /** A late start: every task that must have happened before it, 'Done before I started', in one step. */
  async settleDoneBeforeStart(id: string): Promise<MemoryDetail> {
    return detail(await request('PUT', memoryUrl(id, 'done-before-start')));
  },
  async unsettle(id: string, item: 'tasks' | 'documents', itemId: string): Promise<MemoryDetail> {
    return detail(await request('DELETE', memoryUrl(id, item, itemId, 'settlement')));
  },
  uploadDocumentFile(id: string, documentId: string, file: File, onProgress?: (fraction: number) => void): Promise<MemoryDetail> {
    return upload('POST', memoryUrl(id, 'documents', documentId, 'files'), file, {}, onProgress);
  },
  async removeDocumentFile(id: string, documentId: string, fileId: string): Promise<MemoryDetail> {
    return detail(await request('DELETE', memoryUrl(id, 'documents', documentId, 'files', fileId)));
  },
  addAdditionalDocument(id: string, file: File, title: string, onProgress?: (fraction: number) => void): Promise<MemoryDetail> {
    return upload('POST', memoryUrl(id, 'additional-documents'), file, { [DOCUMENT_TITLE_HEADER]: encodeURIComponent(title) }, onProgress);
  },
  async removeAdditionalDocument(id: string, documentId: string): Promise<MemoryDetail> {
    return detail(await request('DELETE', memoryUrl(id, 'additional-documents', documentId)));
  },
  async addNote(id: string, body: NoteRequest): Promise<MemoryDetail> {
    return detail(await request('POST', memoryUrl(id, 'notes'), body));
  },
  async editNote(id: string, noteId: string, body: EditNoteRequest): Promise<MemoryDetail> {
    return detail(await request('PUT', memoryUrl(id, 'notes', noteId), body));
  },
  async deleteNote(id: string, noteId: string): Promise<MemoryDetail> {
    return detail(await request('DELETE', memoryUrl(id, 'notes', noteId)));
  },
  /** The owner's sharing panel: who can see the memory, and the invitations waiting. */
  async sharing(id: string): Promise<MemorySharing> {
    return parseAnswer(MemorySharingSchema, await request('GET', memoryUrl(id, 'sharing')));
  },
  async invite(id: string, body: InviteToMemoryRequest): Promise<MemorySharing> {
    return parseAnswer(MemorySharingSchema, await request('POST', memoryUrl(id, 'invitations'), body));
  },
  async cancelInvitation(id: string, invitationId: string): Promise<MemorySharing> {
    return parseAnswer(MemorySharingSchema, await request('DELETE', memoryUrl(id, 'invitations', invitationId)));
  },
  async changeMemberRole(id: string, userId: string, role: MemberRole): Promise<MemorySharing> {
    return parseAnswer(MemorySharingSchema, await request('PUT', memoryUrl(id, 'members', userId), { role }));
  },
  /** The owner removes a person, or the signed-in person leaves a memory shared with them. */
  async removeMember(id: string, userId: string): Promise<void> {
    await request('DELETE', memoryUrl(id, 'members', userId));
  },
  /** Starts preparing the memory's zip (or joins the one being prepared); a job on the server. */
  async startExport(id: string): Promise<MemoryExport> {
    return parseAnswer(MemoryExportSchema, await requestJson('POST', memoryUrl(id, 'exports'), { body: {} }));
  },
  async getExport(id: string, exportId: string): Promise<MemoryExport> {
    return parseAnswer(MemoryExportSchema, await requestJson('GET', memoryUrl(id, 'exports', exportId)));
  },
  /** This memory's reminder e-mails for me, Settings' switch, and whether a calendar address is live. */
  async reminders(id: string): Promise<MemoryReminders> {
    return parseAnswer(MemoryRemindersSchema, await request('GET', memoryUrl(id, 'reminders')));
  },
  async setReminders(id: string, enabled: boolean): Promise<MemoryReminders> {
    return parseAnswer(MemoryRemindersSchema, await request('PUT', memoryUrl(id, 'reminders'), { enabled }));
  },
  /** A new private calendar address (shown this once; an earlier one stops working). */
  async subscribeCalendar(id: string): Promise<CalendarSubscription> {
    return parseAnswer(CalendarSubscriptionSchema, await request('POST', memoryUrl(id, 'calendar-subscription')));
  },
  async revokeCalendar(id: string): Promise<void> {
    await request('DELETE', memoryUrl(id, 'calendar-subscription'));
  },
  async checklistPreview(jurisdiction?: string): Promise<ChecklistPreview> {
    const url = jurisdiction ? `${CHECKLIST_PREVIEW_PATH}?jurisdiction=${encodeURIComponent(jurisdiction)}` : CHECKLIST_PREVIEW_PATH;
    return parseAnswer(ChecklistPreviewSchema, await request('GET', url));
  },
};
