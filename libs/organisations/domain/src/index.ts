// Telling the organisations (issue 43): who to tell for a jurisdiction, a memory's list of organisations,
// and the letters. Pure rules: time and ids come in as inputs. The PDFs live behind the './pdf' subpath so
// screens that only need the words never bundle pdf-lib.
export { STARTING_DIRECTORY, STARTING_DIRECTORY_GAPS, type StartingDirectoryEntry } from './directory/starting-directory';
export { startingList, UNANSWERED } from './starting-list/starting-list';
export { tellingServices, tellUsOnceWorksIn, TELL_US_ONCE_JURISDICTIONS, type TellingServiceFacts } from './starting-list/services';
export { letterText, letterPlainText, letterEmail, letterFacts, longDate, type LetterText } from './letters/letter-text';
export * from './organisation';
export * from './memory-organisations';
