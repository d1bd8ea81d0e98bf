/**
 * The one way a browser endpoint sends the browser on (RFC 9110 §15.4.4: 303 turns a POST into a
 * GET). Never cached; extra headers (Set-Cookie may repeat) are appended.
 */
export function seeOther(location: string, headers: Record<string, string | readonly string[]> = {}): Response {
  const all = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const [name, value] of Object.entries(headers)) {
    for (const v of typeof value === "string" ? [value] : value) all.append(name, v);
  }
  return new Response(null, { status: 303, headers: all });
}
