/**
 * A 400's message split by field, to show each error under its input: the server says
 * "Invalid zone: regions.0.subdivision: US-ZZ is not a state…; name: must not be empty" (server/http/validation.ts).
 * Parts without a field path, and messages of any other shape, are the form's own error.
 */
export function fieldErrors(message: string): { fields: Record<string, string>; form: string | null } {
  const invalid = /^Invalid [^:]+: (.*)$/s.exec(message);
  if (!invalid) return { fields: {}, form: message };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const part of invalid[1]!.split("; ")) {
    const match = /^([A-Za-z]\w*(?:\.\w+)*): (.+)$/s.exec(part);
    if (match) fields[match[1]!] ??= match[2]!;
    else rest.push(part);
  }
  return { fields, form: rest.length ? rest.join("; ") : null };
}
