/** The sealer of a memory's organisations' personal data (MemoryOrganisationsSealer). */
export const MEMORY_ORGANISATIONS_SEALER = Symbol('MEMORY_ORGANISATIONS_SEALER');

/** How a family's add finds a directory entry: `find(id)` of the staff directory (OrganisationDirectory). */
export const DIRECTORY_LOOKUP = Symbol('DIRECTORY_LOOKUP');
