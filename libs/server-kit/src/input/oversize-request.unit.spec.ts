import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { ProblemDetailsSchema } from '@afterwards/contracts';
import { clientErrorResponse, oversizeUrlProblem, URL_TOO_LONG_MESSAGE } from './oversize-request';

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

describe('the refusal of an address longer than the API reads', () => {
  const request = (url: string) => Object.assign(new IncomingMessage(new Socket()), { method: 'GET', url }) as IncomingMessage & { method: string; url: string };

  it('lets an address of the limit through', () => {
    expect(oversizeUrlProblem(request(`/api/x?q=${'a'.repeat(11)}`), 20)).toBeUndefined();
  });

  it('answers a longer one with a 431 problem detail naming the path only', () => {
    const body = JSON.parse(oversizeUrlProblem(request(`/api/x?q=${'a'.repeat(12)}`), 20)!);
    expect(ProblemDetailsSchema.parse(body)).toMatchObject({ status: 431, code: 'URL_TOO_LONG', detail: URL_TOO_LONG_MESSAGE });
    expect(body.instance).toBe('/api/x');
  });
});
