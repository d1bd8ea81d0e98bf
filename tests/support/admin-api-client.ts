/**
 * A small admin API client for the tests that holds the API to its OpenAPI document: every request
 * must match a documented operation (path and method), its JSON body must fit the operation's
 * request schema, and every answer's status must be documented and its body fit that answer's
 * schema (ajv, JSON Schema 2020-12). It records which operations were called, so a test can
 * require that every documented operation was exercised.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { expect } from "vitest";

type Json = Record<string, unknown>;

export interface OpenApiDocumentJson {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
}

export interface ApiAnswer<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  operationId: string;
}

export interface SendOptions {
  token?: string | null;
  /** A JSON body, checked against the document unless `unchecked`. */
  json?: unknown;
  /** Sent as is (malformed JSON, oversized bodies). */
  raw?: string;
  contentType?: string;
  /** The request is deliberately outside the document (negative tests): answers are still checked. */
  unchecked?: boolean;
}

interface Route {
  template: string;
  pattern: RegExp;
}

export class AdminApiClient {
  readonly called = new Set<string>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes: Route[];

  constructor(
    private readonly base: string,
    readonly document: OpenApiDocumentJson,
    private readonly defaultToken: string,
  ) {
    // The formats zod writes; each also carries its own `pattern` where it matters (date-time).
    this.ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    this.ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/);
    this.ajv.addFormat("email", /^[^@\s]+@[^@\s]+$/);
    this.ajv.addFormat("uri", /^[a-z][a-z0-9+.-]*:/i);
    this.routes = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[A-Za-z_]+\}/g, "[^/]+")}$`),
    }));
  }

  /** Every operationId of the document. */
  operationIds(): string[] {
    return Object.values(this.document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId as string));
  }

  private validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  private resolve(node: Json): Json {
    const ref = node.$ref;
    if (typeof ref !== "string") return node;
    const [, , section, name] = ref.split("/");
    const target = section === "responses" ? this.document.components.responses[name!] : this.document.components.schemas[name!];
    if (!target) throw new Error(`unresolved ${ref}`);
    return this.resolve(target);
  }

  private expectFits(schema: Json, value: unknown, what: string): void {
    const validate = this.validator(this.inlineRefs(schema));
    const ok = validate(value);
    expect(ok, `${what} does not fit the document: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 600)}`).toBe(true);
  }

  /** Replaces `#/components/schemas/…` references with their schemas (ajv compiles each schema alone). */
  private inlineRefs(schema: unknown): Json {
    return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => (value && typeof value === "object" && "$ref" in value ? this.resolve(value as Json) : value)) as Json;
  }

  private operation(method: string, path: string): Json {
    const route = this.routes.find((r) => r.pattern.test(path));
    expect(route, `${path} is not a documented path`).toBeDefined();
    const operation = this.document.paths[route!.template]![method.toLowerCase()];
    expect(operation, `${method} ${route!.template} is not a documented operation`).toBeDefined();
    return operation!;
  }

  async send<T = Json>(method: string, pathAndQuery: string, options: SendOptions = {}): Promise<ApiAnswer<T>> {
    const url = new URL(pathAndQuery, this.base);
    const operation = this.operation(method, url.pathname);
    const documentedQuery = new Set(((operation.parameters as Json[] | undefined) ?? []).filter((p) => p.in === "query").map((p) => p.name));
    for (const name of url.searchParams.keys()) if (!options.unchecked) expect(documentedQuery.has(name), `query parameter ${name} is not documented`).toBe(true);
    if (options.json !== undefined && !options.unchecked) {
      const schema = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"] as Json | undefined;
      expect(schema, `${method} ${url.pathname} documents no request body`).toBeDefined();
      this.expectFits(schema!.schema as Json, options.json, `the request body of ${operation.operationId as string}`);
    }
    const token = options.token === undefined ? this.defaultToken : options.token;
    const body = options.raw ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);
    const response = await fetch(url, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "Content-Type": options.contentType ?? "application/json" } : {}),
      },
      body,
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    const documented = (operation.responses as Record<string, Json>)[String(response.status)];
    expect(documented, `${operation.operationId as string} answered an undocumented ${response.status}: ${text.slice(0, 300)}`).toBeDefined();
    const answer = this.resolve(documented!);
    const schema = ((answer.content as Json | undefined)?.["application/json"] as Json | undefined)?.schema as Json | undefined;
    if (schema) this.expectFits(schema, parsed, `the ${response.status} answer of ${operation.operationId as string}`);
    else expect(text.length, `${operation.operationId as string} ${response.status} documents no body: ${text.slice(0, 200)}`).toBe(0);
    this.called.add(operation.operationId as string);
    return { status: response.status, headers: response.headers, body: parsed as T, operationId: operation.operationId as string };
  }
}
