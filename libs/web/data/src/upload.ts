// File uploads: the bytes as application/octet-stream with the file's name in a header (the server tells
// the type from the content), over XMLHttpRequest because only it reports upload progress and when the
// bytes have all gone. Failures are the same ApiError as JSON calls.
import { FILE_NAME_HEADER, UPLOAD_CONTENT_TYPE } from '@afterwards/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE, problemToError, UNEXPECTED_ERROR_MESSAGE } from './api-error';
import type { AnswerSchema } from './request';

export interface UploadOptions<T> {
  schema: AnswerSchema<T>;
  method?: 'POST' | 'PUT';
  /** More request headers (values already encoded). */
  headers?: Record<string, string>;
  /** The fraction of the bytes sent so far, from 0 to 1 (1 once the answer is in). */
  onProgress?: (fraction: number) => void;
  /** Every byte has been sent; the server is now processing the file. */
  onSent?: () => void;
  signal?: AbortSignal;
}

export function uploadFile<T>(url: string, file: Blob & { name: string }, options: UploadOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', UPLOAD_CONTENT_TYPE);
    xhr.setRequestHeader(FILE_NAME_HEADER, encodeURIComponent(file.name));
    xhr.setRequestHeader('accept', 'application/json, application/problem+json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    const { onProgress } = options;
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
    }
    xhr.upload.onload = () => options.onSent?.();
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // an empty or non-JSON answer is handled below
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(problemToError(xhr.status, body));
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) return reject(new ApiError(xhr.status, 'UNEXPECTED_RESPONSE', UNEXPECTED_ERROR_MESSAGE));
      onProgress?.(1);
      resolve(parsed.data);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
