/**
 * Incoming HTTP headers as a plain record. Header names are case-insensitive
 * (RFC 9110 §5.1), so every lookup here ignores case.
 */
export type HeaderBag = Readonly<Record<string, string | undefined>>;

export function readHeader(headers: HeaderBag, name: string): string | undefined {
  return rawHeader(headers, name) as string | undefined;
}

/**
 * The value readHeader would return, whatever its type: for checking headers
 * that come from untyped JavaScript, where a value may be a number or an array.
 */
export function rawHeader(headers: Readonly<Record<string, unknown>>, name: string): unknown {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}
