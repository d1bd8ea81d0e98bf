/**
 * How much of a login_hint `message:` an eID's app shows: a request whose message the
 * app of an eID it allows cannot show is refused, rather than the text cut short in the app.
 */

/** Why the eID's app cannot show the message (`encoded`: as the login_hint carried it), or undefined. */
export type HintMessageLimit = (message: string, encoded: string) => string | undefined;

/** At most `max` characters of the decoded text (MitID). */
export function atMostCharacters(eid: string, max: number): HintMessageLimit {
  return (message) => {
    const length = [...message].length;
    return length > max ? `${eid} shows at most ${max} characters (this one has ${length})` : undefined;
  };
}

/** At most `max` characters of its base64url encoding (BankID's userVisibleData). */
export function atMostEncoded(eid: string, max: number): HintMessageLimit {
  return (_message, encoded) => (encoded.length > max ? `${eid} accepts at most ${max} characters after base64url encoding` : undefined);
}
