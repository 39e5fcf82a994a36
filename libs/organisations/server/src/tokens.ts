/** The sealer of a memory's organisations' personal data (MemoryOrganisationsSealer). */
export const MEMORY_ORGANISATIONS_SEALER = Symbol('MEMORY_ORGANISATIONS_SEALER');

