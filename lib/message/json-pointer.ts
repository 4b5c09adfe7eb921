/**
 * JSON Pointers (RFC 6901) naming a place in the request document.
 * "" is the whole document; "/params/message/parts/0" a member or element.
 */

/** RFC 6901 section 3: "~" is written "~0" and "/" is written "~1" inside a reference token. */
export function escapePointerToken(token: string): string {
  if (token.indexOf("~") < 0 && token.indexOf("/") < 0) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Appends one reference token (a member name or an array index) to a pointer. */
export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${typeof token === "number" ? String(token) : escapePointerToken(token)}`;
}
