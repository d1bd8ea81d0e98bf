/** RFC 6749 §2.3.1: the client id and secret, each form-encoded, joined by a colon, in base64. */
export function basicAuth(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64")}`;
}
