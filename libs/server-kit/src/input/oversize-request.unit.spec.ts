import { ProblemDetailsSchema } from '@afterwards/contracts';
import { clientErrorResponse } from './oversize-request';

const parts = (raw: string) => {
  const [head, body] = raw.split('\r\n\r\n');
  return { statusLine: head!.split('\r\n')[0], headers: head!.split('\r\n').slice(1), problem: ProblemDetailsSchema.parse(JSON.parse(body!)), length: Buffer.byteLength(body!) };
};

describe("the answers to requests Node's parser refuses", () => {
  it('answers a head over the size limit with a 431 problem detail, as Node would answer 431', () => {
    const answer = parts(clientErrorResponse('HPE_HEADER_OVERFLOW'));
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.problem).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
    expect(answer.headers).toEqual(expect.arrayContaining(['Content-Type: application/problem+json', `Content-Length: ${answer.length}`, 'Connection: close']));
  });

  it('answers a timeout with 408 and anything else unreadable with 400, as problem details', () => {
    expect(parts(clientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT')).problem).toMatchObject({ status: 408, code: 'REQUEST_TIMEOUT' });
    expect(parts(clientErrorResponse('HPE_INVALID_HEADER_TOKEN')).problem).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });
  });
});
