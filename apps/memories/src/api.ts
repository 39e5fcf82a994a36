// The memories API client (contracts in libs/contracts/src/memories.ts). JSON calls use fetch; uploads use
// XMLHttpRequest because only it reports upload progress. Everything is same-origin with the session cookie.
import {
  ChecklistPreviewSchema,
  DOCUMENT_TITLE_HEADER,
  FILE_NAME_HEADER,
  MEMORIES_PATH,
  MemoryDetailSchema,
  MemoryListResponseSchema,
  ProblemDetailsSchema,
  UPLOAD_CONTENT_TYPE,
  type ChecklistPreview,
  type CreateMemoryRequest,
  type EditMemoryRequest,
  type EditNoteRequest,
  type MemoryDetail,
  type MemoryListResponse,
  type NoteRequest,
} from '@afterwards/contracts';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
export const CHECKLIST_PREVIEW_PATH = '/api/checklist/preview';

/** A failed call: HTTP status (0 without an answer), the problem's stable code, and any field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: { path: string; message: string }[];

  constructor(status: number, code: string, message: string, errors: { path: string; message: string }[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** The error a failed answer stands for: the problem's detail (or title) when the body is problem details. */
export function problemToError(status: number, body: unknown): ApiError {
  const problem = ProblemDetailsSchema.safeParse(body);
  if (!problem.success) return new ApiError(status, `HTTP_${status}`, UNEXPECTED_ERROR_MESSAGE);
  const { code, detail, title, errors } = problem.data;
  return new ApiError(status, code, detail || title || UNEXPECTED_ERROR_MESSAGE, errors ?? []);
}

/** A readable message for any thrown value (for 'Failed to ...: {message}' toasts). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

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

const memoryUrl = (id: string, ...rest: string[]) => [MEMORIES_PATH, encodeURIComponent(id), ...rest.map((p) => encodeURIComponent(p))].join('/');

function request(method: string, url: string, body?: unknown): Promise<unknown> {
  return method === 'GET' ? send(method, url, body) : tracked(() => send(method, url, body));
}

async function send(method: string, url: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json, application/problem+json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 204) return null;
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw problemToError(response.status, json);
  return json;
}

function detail(body: unknown): MemoryDetail {
  const parsed = MemoryDetailSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(200, 'UNEXPECTED_RESPONSE', UNEXPECTED_ERROR_MESSAGE);
  return parsed.data;
}

/** Sends a file's bytes as the body (contract: octet-stream, URI-encoded name header), reporting progress. */
function upload(method: 'PUT' | 'POST', url: string, file: File, headers: Record<string, string>, onProgress?: (fraction: number) => void): Promise<MemoryDetail> {
  return tracked(() => sendFile(method, url, file, headers, onProgress));
}

function sendFile(method: 'PUT' | 'POST', url: string, file: File, headers: Record<string, string>, onProgress?: (fraction: number) => void): Promise<MemoryDetail> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('content-type', UPLOAD_CONTENT_TYPE);
    xhr.setRequestHeader('accept', 'application/json, application/problem+json');
    xhr.setRequestHeader(FILE_NAME_HEADER, encodeURIComponent(file.name));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
    }
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', UNEXPECTED_ERROR_MESSAGE));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(problemToError(xhr.status, body));
        return;
      }
      onProgress?.(1);
      try {
        resolve(detail(body));
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(file);
  });
}

export const api = {
  async listMemories(): Promise<MemoryListResponse> {
    const parsed = MemoryListResponseSchema.safeParse(await request('GET', MEMORIES_PATH));
    if (!parsed.success) throw new ApiError(200, 'UNEXPECTED_RESPONSE', UNEXPECTED_ERROR_MESSAGE);
    return parsed.data;
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
  async checklistPreview(jurisdiction?: string): Promise<ChecklistPreview> {
    const url = jurisdiction ? `${CHECKLIST_PREVIEW_PATH}?jurisdiction=${encodeURIComponent(jurisdiction)}` : CHECKLIST_PREVIEW_PATH;
    const parsed = ChecklistPreviewSchema.safeParse(await request('GET', url));
    if (!parsed.success) throw new ApiError(200, 'UNEXPECTED_RESPONSE', UNEXPECTED_ERROR_MESSAGE);
    return parsed.data;
  },
};
