/**
 * Incoming HTTP headers as a plain record. Header names are case-insensitive
 * (RFC 9110 §5.1), so every lookup here ignores case.
 */
export type HeaderBag = Readonly<Record<string, string | undefined>>;

export function readHeader(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}
