// A memory's organisations and the organisation directory, through the shared client (@afterwards/web-data)
// with the contract's schemas (libs/contracts/src/organisations.ts).
import {
  MemoryOrganisationsResponseSchema,
  ORGANISATIONS_PATH,
  OrganisationSearchResponseSchema,
  type AddMemoryOrganisationRequest,
  type EditMemoryOrganisationRequest,
  type MemoryOrganisationsResponse,
  type Organisation,
  type OrganisationAnswers,
  type PostalAddress,
} from '@afterwards/contracts';
import { queryString, requestJson } from '@afterwards/web-data';
import { memoryUrl } from '../api';

const listUrl = (memoryId: string, ...rest: string[]) => memoryUrl(memoryId, 'organisations', ...rest);
const list = (method: string, url: string, body?: unknown) => requestJson(method, url, { body, schema: MemoryOrganisationsResponseSchema });

export const organisationsApi = {
  get(memoryId: string, signal?: AbortSignal): Promise<MemoryOrganisationsResponse> {
    return requestJson('GET', listUrl(memoryId), { schema: MemoryOrganisationsResponseSchema, signal });
  },
  answer(memoryId: string, answers: OrganisationAnswers): Promise<MemoryOrganisationsResponse> {
    return list('PUT', listUrl(memoryId, 'answers'), answers);
  },
  /** Where the person who died last lived, for the letters. */
  lastAddress(memoryId: string, lastAddress: PostalAddress): Promise<MemoryOrganisationsResponse> {
    return list('PUT', listUrl(memoryId, 'last-address'), { lastAddress });
  },
  add(memoryId: string, body: AddMemoryOrganisationRequest): Promise<MemoryOrganisationsResponse> {
    return list('POST', listUrl(memoryId), body);
  },
  edit(memoryId: string, entryId: string, body: EditMemoryOrganisationRequest): Promise<MemoryOrganisationsResponse> {
    return list('PATCH', listUrl(memoryId, entryId), body);
  },
  remove(memoryId: string, entryId: string): Promise<MemoryOrganisationsResponse> {
    return list('DELETE', listUrl(memoryId, entryId));
  },
  /** The directory, for the add box: entries whose name matches, for this memory's jurisdiction. */
  async search(q: string, jurisdiction: string, signal?: AbortSignal): Promise<Organisation[]> {
    const url = `${ORGANISATIONS_PATH}${queryString({ q, jurisdiction })}`;
    return (await requestJson('GET', url, { schema: OrganisationSearchResponseSchema, signal })).organisations;
  },
  /** The letter to one organisation, as the server makes it from what is saved. */
  letterPdfUrl: (memoryId: string, entryId: string): string => listUrl(memoryId, entryId, 'letter.pdf'),
  /** Every letter not yet sent, one PDF. */
  lettersPdfUrl: (memoryId: string): string => listUrl(memoryId, 'letters.pdf'),
};
