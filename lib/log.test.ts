import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { LOG_CENSOR, LOG_REDACT_PATHS } from "./log";

/** A logger with Porta's redaction that writes into `lines`. */
function capturing(lines: string[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return pino({ redact: { paths: LOG_REDACT_PATHS, censor: LOG_CENSOR } }, sink);
}

describe("log redaction", () => {
  it("cuts bearer values and identity carriers out of logged objects, keeping their names", () => {
    const lines: string[] = [];
    const secret = "bearer-value-never-logged";
    const carried = {
      code: secret,
      client_assertion: secret,
      assertion: secret,
      request_uri: secret,
      id_token_hint: secret,
      resumeUrl: `https://porta.example/login/resume/${secret}`,
      refresh_token: secret,
      login_hint: secret,
      claims: { name: secret },
      clientId: "rp-1",
    };
    capturing(lines).info({ form: carried }, "logged");
    const line = JSON.parse(lines[0]!) as { form: Record<string, unknown> };
    expect(lines[0]).not.toContain(secret);
    expect(line.form.code).toBe(LOG_CENSOR);
    expect(line.form.resumeUrl).toBe(LOG_CENSOR);
    expect(line.form.clientId).toBe("rp-1");
  });
});
