// The contracts a public page or the family dashboard loads on its first render (the session check and
// sign-in options, the sign-in forms, the finder's answers, problems, interactions, live updates, memories,
// reminders and the memory download) are written with zod/mini:
// the same zod 4 schemas (one core, same parsing, same JSON Schema), built with functions instead of
// methods, so a bundle keeps only what it uses (decision 0024). The API reads them like any other schema.
//
// Named exports, not zod/mini's namespace: the web apps share this module between the shell and its
// remotes (libs/web/ui/build/rspack.mjs), and a shared module keeps every export it has. Add a function
// here when a contract needs it.
import { config } from 'zod/mini';

// As in ./zod: browsers parse without compiled parsers (the Content-Security-Policy has no 'unsafe-eval').
if (typeof window !== 'undefined') config({ jitless: true });

export {
  array,
  boolean,
  email,
  enum,
  extend,
  gte,
  int,
  literal,
  lte,
  maxLength,
  minLength,
  nullable,
  number,
  object,
  optional,
  partial,
  regex,
  strictObject,
  superRefine,
  string,
  trim,
  url,
  uuid,
} from 'zod/mini';
export type { infer, input, output } from 'zod/mini';
