// Joining messages without doubled punctuation: a message that already ends a sentence ('Network error.
// Please check your internet connection.') is not given a second full stop when it is put inside another.

/** The text as a whole sentence: one closing mark, added only when it has none. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The text without its closing full stop, to sit before one the caller writes ('Failed: {message}. Please try again.'). */
export function withoutFullStop(text: string): string {
  return text.trim().replace(/(?<!\.)\.$/, '');
}
