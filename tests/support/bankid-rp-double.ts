/**
 * A protocol double of the Swedish BankID RP API v6 contract (/auth, /collect, /cancel), for
 * tests only. It is not BankID: it plays the contract as the documentation states it so that
 * Porta's connector can be exercised end to end over real mutual TLS.
 *
 * - HTTPS on 127.0.0.1 (random port) with a server certificate from a test CA made at test time
 *   with the openssl CLI (no key is committed). It requires a client certificate issued by that CA:
 *   any other certificate is refused in the TLS handshake; a certificate from the CA that is not a
 *   registered relying party gets 401 unauthorized, as the real API answers.
 * - Requests are validated as the RP API does: POST, JSON content type, required fields and their
 *   formats (endUserIp an IP address, personalNumber 12 digits, userVisibleData base64 of UTF-8
 *   text of at most 1 500 characters, userVisibleDataFormat only with userVisibleData); errors
 *   are `{errorCode, details}` with the documented HTTP status.
 * - /auth issues orderRef, autoStartToken, qrStartToken and qrStartSecret; each /collect plays the
 *   next step of the order's script: pending hint codes, then `complete` (completionData with
 *   user, device, bankIdIssueDate, stepUp, signature, ocspResponse) or `failed` (a hint code).
 * - `verifyQr` checks QR data a page showed against the order's secret and start time.
 * - `fail` / `delay` make the next calls answer an error or answer late (RP API down or slow).
 * - Its times (an order's start, each /collect) are Porta's clock (lib/clock.ts): a test that
 *   moves the clock through Porta's collect interval moves BankID's time with it, as if the
 *   interval had passed for both. A late answer (`delay`) stays on real time, as timers do.
 */
import { execFileSync } from "node:child_process";
import { createHash, createHmac, randomUUID, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { nowMs } from "../../lib/clock";

// ---------------------------------------------------------------------------------------------
// Test PKI

export interface ClientIdentity {
  certificatePem: string;
  privateKeyPem: string;
  /** PKCS#12 of certificate and key, base64, protected by `passphrase`. */
  pkcs12: string;
  passphrase: string;
  /** SHA-256 fingerprint of the certificate (DER), hex. */
  fingerprint: string;
}

export interface BankIdTestPki {
  /** The CA that issued the double's server certificate and the relying-party certificates. */
  caPem: string;
  serverCertPem: string;
  serverKeyPem: string;
  /** The registered relying party. */
  rp: ClientIdentity;
  /** Issued by the CA, but not a registered relying party (→ 401 unauthorized). */
  unregistered: ClientIdentity;
  /** A CA the double does not know, and a client certificate it issued (→ TLS refusal). */
  foreignCaPem: string;
  foreign: ClientIdentity;
}

const PASSPHRASE = "test-passphrase-qwerty123";

function openssl(cwd: string, args: string[]): void {
  execFileSync("openssl", args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
}

function newCa(dir: string, name: string, cn: string): void {
  openssl(dir, [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", `${name}.key`, "-out", `${name}.pem`, "-days", "2", "-subj", `/CN=${cn}`,
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
  ]);
}

function issue(dir: string, ca: string, name: string, cn: string, extensions: string): void {
  writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(dir, ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", `/CN=${cn}`]);
  openssl(dir, ["x509", "-req", "-in", `${name}.csr`, "-CA", `${ca}.pem`, "-CAkey", `${ca}.key`, "-CAcreateserial", "-out", `${name}.pem`, "-days", "2", "-extfile", `${name}.ext`]);
}

function clientIdentity(dir: string, ca: string, name: string, cn: string): ClientIdentity {
  issue(dir, ca, name, cn, "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n");
  openssl(dir, ["pkcs12", "-export", "-in", `${name}.pem`, "-inkey", `${name}.key`, "-out", `${name}.p12`, "-passout", `pass:${PASSPHRASE}`]);
  const certificatePem = readFileSync(path.join(dir, `${name}.pem`), "utf8");
  return {
    certificatePem,
    privateKeyPem: readFileSync(path.join(dir, `${name}.key`), "utf8"),
    pkcs12: readFileSync(path.join(dir, `${name}.p12`)).toString("base64"),
    passphrase: PASSPHRASE,
    fingerprint: createHash("sha256").update(new X509Certificate(certificatePem).raw).digest("hex"),
  };
}

/** Makes a fresh test PKI with the openssl CLI (a few hundred milliseconds; EC keys). */
export function createBankIdTestPki(): BankIdTestPki {
  const dir = mkdtempSync(path.join(tmpdir(), "porta-bankid-pki-"));
  try {
    newCa(dir, "ca", "Test BankID RP API CA");
    issue(dir, "ca", "server", "127.0.0.1", "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n");
    const rp = clientIdentity(dir, "ca", "rp", "Test relying party");
    const unregistered = clientIdentity(dir, "ca", "unregistered", "Unregistered relying party");
    newCa(dir, "foreign-ca", "Some other CA");
    const foreign = clientIdentity(dir, "foreign-ca", "foreign", "Foreign relying party");
    const read = (file: string) => readFileSync(path.join(dir, file), "utf8");
    return { caPem: read("ca.pem"), serverCertPem: read("server.pem"), serverKeyPem: read("server.key"), rp, unregistered, foreignCaPem: read("foreign-ca.pem"), foreign };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Scripts and orders

export interface TestUser {
  personalNumber: string;
  name: string;
  givenName: string;
  surname: string;
}

export const DEFAULT_USER: TestUser = { personalNumber: "199003152387", name: "Anna Lindqvist", givenName: "Anna", surname: "Lindqvist" };

export type OrderOutcome = { status: "complete"; user?: TestUser; ipAddress?: string } | { status: "failed"; hintCode: string };

/** What each /collect of one order answers: the pending hint codes in turn, then the outcome. */
export interface OrderScript {
  pending: string[];
  outcome: OrderOutcome;
}

export const DEFAULT_SCRIPT: OrderScript = { pending: ["outstandingTransaction", "userSign"], outcome: { status: "complete" } };

export interface Order {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  /** When /auth answered (ms since the epoch, by lib/clock.ts). */
  startedAt: number;
  request: Record<string, unknown>;
  script: OrderScript;
  /** Times of each /collect (ms since the epoch, by lib/clock.ts). */
  collects: number[];
  cancelled: boolean;
  finished: boolean;
}

export interface RecordedCall {
  path: string;
  body: unknown;
  status: number;
  /** SHA-256 fingerprint of the client certificate presented. */
  client?: string;
}

type Operation = "auth" | "collect" | "cancel";

export interface RpApiError {
  status: number;
  errorCode: string;
  details: string;
}

export interface BankIdRpDouble {
  /** The RP API base URL, https://127.0.0.1:<port>/rp/v6.0 */
  endpoint: string;
  pki: BankIdTestPki;
  calls: RecordedCall[];
  orders: Map<string, Order>;
  /** Scripts for the next orders, in turn; then DEFAULT_SCRIPT. */
  scripts: OrderScript[];
  /** Makes the next `times` calls of `operation` answer this error. */
  fail(operation: Operation, error: RpApiError, times?: number): void;
  /** Makes the next `times` calls of `operation` answer only after `ms`. */
  delay(operation: Operation, ms: number, times?: number): void;
  /** Checks QR data against its order: the right secret, a time no later than the order's age. */
  verifyQr(qrData: string): { ok: true; orderRef: string; qrTime: number } | { ok: false; reason: string };
  /** The order of the latest /auth. */
  lastOrder(): Order | undefined;
  reset(): void;
  close(): Promise<void>;
}

const ERRORS = {
  invalidParameters: (details: string): RpApiError => ({ status: 400, errorCode: "invalidParameters", details }),
  alreadyInProgress: { status: 400, errorCode: "alreadyInProgress", details: "Order already in progress for pno" },
  unauthorized: { status: 401, errorCode: "unauthorized", details: "RP does not have access to the service." },
  notFound: { status: 404, errorCode: "notFound", details: "No such URL" },
  methodNotAllowed: { status: 405, errorCode: "methodNotAllowed", details: "Only POST is allowed" },
  unsupportedMediaType: { status: 415, errorCode: "unsupportedMediaType", details: "Content-Type must be application/json" },
} satisfies Record<string, RpApiError | ((details: string) => RpApiError)>;

const AUTH_FIELDS = new Set(["endUserIp", "requirement", "userVisibleData", "userNonVisibleData", "userVisibleDataFormat", "returnUrl", "returnRisk", "web", "app"]);
const REQUIREMENT_FIELDS = new Set(["pinCode", "mrtd", "cardReader", "certificatePolicies", "personalNumber"]);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The /auth checks of RP API v6; the first problem found, or undefined. */
export function authProblem(body: unknown): string | undefined {
  if (!isObject(body)) return "Invalid JSON body";
  for (const key of Object.keys(body)) if (!AUTH_FIELDS.has(key)) return `Unknown parameter ${key}`;
  if (typeof body.endUserIp !== "string" || !isIP(body.endUserIp)) return "Invalid endUserIp";
  if (body.requirement !== undefined) {
    if (!isObject(body.requirement)) return "Invalid requirement";
    for (const key of Object.keys(body.requirement)) if (!REQUIREMENT_FIELDS.has(key)) return `Invalid requirement ${key}`;
    const pno = body.requirement.personalNumber;
    if (pno !== undefined && (typeof pno !== "string" || !/^\d{12}$/.test(pno))) return "Invalid personalNumber";
    if (body.requirement.pinCode !== undefined && typeof body.requirement.pinCode !== "boolean") return "Invalid pinCode";
  }
  if (body.userVisibleData !== undefined) {
    const data = body.userVisibleData;
    if (typeof data !== "string" || data.length < 1 || data.length > 1500 || !BASE64.test(data)) return "Invalid userVisibleData";
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(data, "base64"));
    } catch {
      return "Invalid userVisibleData";
    }
  }
  if (body.userVisibleDataFormat !== undefined) {
    if (body.userVisibleDataFormat !== "simpleMarkdownV1") return "Invalid userVisibleDataFormat";
    if (body.userVisibleData === undefined) return "userVisibleDataFormat without userVisibleData";
  }
  return undefined;
}

function orderRefProblem(body: unknown): string | undefined {
  if (!isObject(body) || typeof body.orderRef !== "string" || body.orderRef.length === 0) return "Invalid orderRef";
  for (const key of Object.keys(body)) if (key !== "orderRef") return `Unknown parameter ${key}`;
  return undefined;
}

function completionData(order: Order, outcome: Extract<OrderOutcome, { status: "complete" }>): Record<string, unknown> {
  const user = outcome.user ?? DEFAULT_USER;
  const signature = `<?xml version="1.0" encoding="UTF-8"?><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/><SignatureValue>${randomUUID()}</SignatureValue></Signature>`;
  return {
    user,
    device: { ipAddress: outcome.ipAddress ?? String(order.request.endUserIp), uhi: "OZvYM9VvyiAmG7NA5jU5zRGcOIYs" },
    bankIdIssueDate: "2023-06-01",
    stepUp: { mrtd: false },
    signature: Buffer.from(signature).toString("base64"),
    ocspResponse: Buffer.from(`ocsp-${order.orderRef}`).toString("base64"),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function fingerprintOf(socket: TLSSocket): string | undefined {
  const peer = socket.getPeerCertificate();
  return peer?.raw ? createHash("sha256").update(peer.raw).digest("hex") : undefined;
}

export async function startBankIdRpDouble(pki: BankIdTestPki = createBankIdTestPki(), port = 0): Promise<BankIdRpDouble> {
  const orders = new Map<string, Order>();
  const calls: RecordedCall[] = [];
  const scripts: OrderScript[] = [];
  const failures: Record<Operation, { error: RpApiError; times: number } | undefined> = { auth: undefined, collect: undefined, cancel: undefined };
  const delays: Record<Operation, { ms: number; times: number } | undefined> = { auth: undefined, collect: undefined, cancel: undefined };
  const registered = new Set([pki.rp.fingerprint]);
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  function take<T extends { times: number }>(table: Record<Operation, T | undefined>, operation: Operation): T | undefined {
    const entry = table[operation];
    if (!entry) return undefined;
    entry.times -= 1;
    if (entry.times <= 0) table[operation] = undefined;
    return entry;
  }

  function answer(operation: Operation, body: unknown): { status: number; json: unknown } {
    const scripted = take(failures, operation);
    if (scripted) return { status: scripted.error.status, json: { errorCode: scripted.error.errorCode, details: scripted.error.details } };
    const error = (e: RpApiError) => ({ status: e.status, json: { errorCode: e.errorCode, details: e.details } });

    if (operation === "auth") {
      const problem = authProblem(body);
      if (problem) return error(ERRORS.invalidParameters(problem));
      const request = body as Record<string, unknown>;
      const pno = isObject(request.requirement) ? request.requirement.personalNumber : undefined;
      if (pno) {
        const running = [...orders.values()].find((o) => !o.finished && !o.cancelled && isObject(o.request.requirement) && o.request.requirement.personalNumber === pno);
        if (running) {
          // As the RP API does: both the running order and the new one are given up.
          running.cancelled = true;
          return error(ERRORS.alreadyInProgress);
        }
      }
      const order: Order = {
        orderRef: randomUUID(),
        autoStartToken: randomUUID(),
        qrStartToken: randomUUID(),
        qrStartSecret: randomUUID(),
        startedAt: nowMs(),
        request,
        script: scripts.shift() ?? DEFAULT_SCRIPT,
        collects: [],
        cancelled: false,
        finished: false,
      };
      orders.set(order.orderRef, order);
      const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
      return { status: 200, json: { orderRef, autoStartToken, qrStartToken, qrStartSecret } };
    }

    const problem = orderRefProblem(body);
    if (problem) return error(ERRORS.invalidParameters(problem));
    const order = orders.get((body as { orderRef: string }).orderRef);
    if (!order || order.cancelled) return error(ERRORS.invalidParameters("No such order"));

    if (operation === "cancel") {
      order.cancelled = true;
      return { status: 200, json: {} };
    }
    order.collects.push(nowMs());
    const step = order.collects.length - 1;
    const hint = order.script.pending[step];
    if (hint !== undefined) return { status: 200, json: { orderRef: order.orderRef, status: "pending", hintCode: hint } };
    order.finished = true;
    const outcome = order.script.outcome;
    if (outcome.status === "failed") return { status: 200, json: { orderRef: order.orderRef, status: "failed", hintCode: outcome.hintCode } };
    return { status: 200, json: { orderRef: order.orderRef, status: "complete", completionData: completionData(order, outcome) } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const client = fingerprintOf(req.socket as TLSSocket);
    const send = (status: number, json: unknown, recordedBody: unknown = raw) => {
      calls.push({ path: req.url ?? "", body: recordedBody, status, client });
      const text = JSON.stringify(json);
      res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
      res.end(text);
    };
    const sendError = (e: RpApiError) => send(e.status, { errorCode: e.errorCode, details: e.details });

    if (!client || !registered.has(client)) return sendError(ERRORS.unauthorized);
    const match = /^\/rp\/v6\.0\/(auth|collect|cancel)$/.exec(req.url ?? "");
    if (!match) return sendError(ERRORS.notFound);
    if (req.method !== "POST") return sendError(ERRORS.methodNotAllowed);
    if (!/^application\/json(\s*;|$)/i.test(req.headers["content-type"] ?? "")) return sendError(ERRORS.unsupportedMediaType);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(ERRORS.invalidParameters("Invalid JSON"));
    }
    const operation = match[1] as Operation;
    const late = take(delays, operation);
    if (late) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, late.ms);
        timers.add(timer);
      });
      if (res.destroyed || req.socket.destroyed) return;
    }
    const { status, json } = answer(operation, body);
    send(status, json, body);
  }

  const server: Server = createServer(
    {
      key: pki.serverKeyPem,
      cert: pki.serverCertPem,
      ca: pki.caPem,
      requestCert: true,
      // A certificate from another CA (or none) ends in the TLS handshake.
      rejectUnauthorized: true,
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ errorCode: "internalError", details: String(error) }));
      });
    },
  );
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // Handshake refusals are expected in tests of wrong certificates.
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  return {
    endpoint: `https://127.0.0.1:${address.port}/rp/v6.0`,
    pki,
    calls,
    orders,
    scripts,
    fail(operation, error, times = 1) {
      failures[operation] = { error, times };
    },
    delay(operation, ms, times = 1) {
      delays[operation] = { ms, times };
    },
    verifyQr(qrData) {
      const match = /^bankid\.([^.]+)\.(\d+)\.([0-9a-f]{64})$/.exec(qrData);
      if (!match) return { ok: false, reason: "not bankid.<token>.<time>.<code>" };
      const [, token, time, code] = match as unknown as [string, string, string, string];
      const order = [...orders.values()].find((o) => o.qrStartToken === token);
      if (!order) return { ok: false, reason: "unknown qrStartToken" };
      const qrTime = Number(time);
      if (qrTime > Math.floor((nowMs() - order.startedAt) / 1000) + 1) return { ok: false, reason: "qrTime later than the order's age" };
      const expected = createHmac("sha256", order.qrStartSecret).update(time).digest("hex");
      if (expected !== code) return { ok: false, reason: "qrAuthCode does not match the secret" };
      return { ok: true, orderRef: order.orderRef, qrTime };
    },
    lastOrder() {
      return [...orders.values()].at(-1);
    },
    reset() {
      scripts.length = 0;
      failures.auth = failures.collect = failures.cancel = undefined;
      delays.auth = delays.collect = delays.cancel = undefined;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
