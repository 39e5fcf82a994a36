// Form helpers with no styles: pure code that unit specs and the screens' form logic can import.
/**
 * A form's text inputs filled from what the server holds: each named field as it is, a missing one
 * (null or absent) as '' (an input holds text, never null).
 */
export function textFieldsOf<K extends string>(source: { readonly [P in K]?: string | null }, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, source[key] ?? ''])) as Record<K, string>;
}
