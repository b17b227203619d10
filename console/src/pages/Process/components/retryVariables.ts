/** Parses the variables an administrator sets before retrying a failed node: a JSON object, or nothing. */
export function parseRetryVariables(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  try {
    const value = JSON.parse(trimmed);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    return value as Record<string, unknown>;
  } catch {
    return null;
  }
}
