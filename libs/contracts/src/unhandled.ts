/**
 * The default of a switch that handles every member of a union: the compiler proves it is never reached
 * (`value` is `never`); should a value it does not know come at run time, the error names it.
 */
export function unhandled(what: string, value: never): never {
  const known = value as unknown;
  const name = typeof known === 'object' && known !== null && 'type' in known ? known.type : known;
  throw new Error(`${what} ${String(name)}`);
}
