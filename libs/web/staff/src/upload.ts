// File uploads of the back office: the bytes as application/octet-stream with the file's name in a
// header (the server tells the type from the content), over XMLHttpRequest so the screen can show when
// the bytes have gone and the server is working on them.
import { FILE_NAME_HEADER, UPLOAD_CONTENT_TYPE } from '@afterwards/contracts';
import type { ZodType } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE, problemToError } from './api';

export interface UploadOptions<T> {
  schema: ZodType<T>;
  /** Every byte has been sent; the server is now processing the file. */
  onSent?: () => void;
  signal?: AbortSignal;
}

export function uploadFile<T>(url: string, file: Blob & { name: string }, options: UploadOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', UPLOAD_CONTENT_TYPE);
    xhr.setRequestHeader(FILE_NAME_HEADER, encodeURIComponent(file.name));
    xhr.setRequestHeader('accept', 'application/json, application/problem+json');
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
      resolve(parsed.data);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
