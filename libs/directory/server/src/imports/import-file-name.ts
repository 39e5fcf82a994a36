import { FILE_NAME_HEADER } from '@afterwards/contracts';
import { fileNameFromHeader } from '@afterwards/file-store';
import { headerOf, type HttpRequest } from '@afterwards/server-kit';

/** An imported file's name as staff chose it, without any path or control characters; never trusted for its type. */
export const importFileName = (req: HttpRequest, fallback: string): string => fileNameFromHeader(headerOf(req, FILE_NAME_HEADER), 255, fallback);
