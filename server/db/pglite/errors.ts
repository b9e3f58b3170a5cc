// An error crossing from the worker to the main thread: its name, message, stack and every plain field
// PostgreSQL gave it (code such as 23505, detail, constraint, table…), so the server reads it as before.
export interface ErrorFields {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

/** The error as plain data a message can carry. */
export function errorToFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: ErrorFields['fields'] = {};
  for (const [key, value] of Object.entries(err))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

/** The error again, in the main thread. */
export function errorFromFields({ name, message, stack, fields }: ErrorFields): Error {
  const err = Object.assign(new Error(message), fields);
  err.name = name;
  if (stack) err.stack = stack;
  return err;
}
