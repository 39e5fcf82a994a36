// Telling the organisations (issue 43): who to tell for a jurisdiction, a memory's list of organisations,
// and the letters. Pure rules: time and ids come in as inputs.
export * from './memory-organisations';
