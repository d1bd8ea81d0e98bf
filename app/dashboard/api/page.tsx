import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/shell";
import { requireAdmin } from "@/components/dashboard/session";
import { Badge, Card, PageHeader } from "@/components/dashboard/ui";
import { tenantsOf } from "@/lib/admin/admin-users";
import { openApiDocument } from "@/lib/admin-api/operations";
import { pathOf } from "@/lib/http/protocol-paths";
import { SchemaView } from "./schema-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin API reference" };

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  op: Json;
}

const METHOD_TONE: Record<string, "green" | "blue" | "amber" | "rose" | "slate"> = { get: "blue", post: "green", patch: "amber", delete: "rose" };

function anchor(operationId: unknown): string {
  return `op-${String(operationId)}`;
}

/** Text with `code` spans, as the document's descriptions write them. */
function Prose({ text }: { text: unknown }) {
  if (typeof text !== "string") return null;
  return <>{text.split("`").map((part, i) => (i % 2 === 1 ? <code key={i} className="rounded bg-slate-100 px-1 text-[0.9em]">{part}</code> : part))}</>;
}

function jsonSchemaOf(node: unknown): unknown {
  return ((node as Json | undefined)?.content as Json | undefined)?.["application/json"] && (((node as Json).content as Json)["application/json"] as Json).schema;
}

/** The admin API's OpenAPI document, rendered on the server: nothing loads from elsewhere, so it works offline and under the CSP. */
export default async function ApiReferencePage() {
  const admin = await requireAdmin("/dashboard/api");
  const tenants = await tenantsOf(admin.adminId);
  const doc = openApiDocument();
  const errorResponses = doc.components.responses as Record<string, Json>;
  const byTag = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags as string[])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return (
    <DashboardShell email={admin.email} tenants={tenants}>
      <PageHeader
        title="Admin API reference"
        description={
          <>
            {doc.info.title}, version {doc.info.version}. The machine-readable OpenAPI 3.1 document is at{" "}
            <a className="font-medium text-brand-700 underline" href={pathOf("adminOpenApi")} data-testid="openapi-link">{pathOf("adminOpenApi")}</a>.
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Operations" className="self-start text-sm" data-testid="api-toc">
          {[...byTag.entries()].map(([tag, ops]) => (
            <div key={tag} className="mb-3">
              <a href={`#tag-${tag.replace(/\s+/g, "-")}`} className="font-semibold text-slate-900 hover:text-brand-700">{tag}</a>
              <ul className="mt-1 grid gap-0.5">
                {ops.map(({ method, op }) => (
                  <li key={String(op.operationId)}>
                    <a href={`#${anchor(op.operationId)}`} className="block py-0.5 text-slate-600 hover:text-brand-700">
                      <span className="mr-1 font-mono text-xs uppercase">{method}</span> {String(op.summary)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="grid min-w-0 gap-6">
          <Card title="Using the API">
            <div className="grid gap-2 text-sm text-slate-700">
              <p><Prose text={doc.info.description} /></p>
              <p>
                Send <code>Authorization: Bearer &lt;token&gt;</code>. Create a tenant&apos;s token on its <em>API tokens</em> page. Errors are{" "}
                <code>{"{error, error_description, field}"}</code>, where <code>field</code> names the request member at fault.
              </p>
            </div>
          </Card>
          {[...byTag.entries()].map(([tag, ops]) => (
            <section key={tag} id={`tag-${tag.replace(/\s+/g, "-")}`} className="grid gap-3" data-testid="api-tag">
              <div>
                <h2 className="text-lg font-semibold text-slate-900">{tag}</h2>
                <p className="text-sm text-slate-600"><Prose text={doc.tags.find((t) => t.name === tag)?.description} /></p>
              </div>
              {ops.map(({ method, path, op }) => {
                const parameters = (op.parameters as Json[] | undefined) ?? [];
                const body = jsonSchemaOf(op.requestBody);
                const responses = Object.entries(op.responses as Record<string, Json>);
                return (
                  <article key={String(op.operationId)} id={anchor(op.operationId)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="api-operation">
                    <header className="flex flex-wrap items-center gap-2">
                      <Badge tone={METHOD_TONE[method] ?? "slate"}>{method.toUpperCase()}</Badge>
                      <code className="break-all text-sm font-semibold text-slate-900">{path}</code>
                      {Array.isArray(op.security) && op.security.length === 0 ? <Badge>no token</Badge> : null}
                    </header>
                    <p className="mt-2 font-medium text-slate-900">{String(op.summary)}</p>
                    {typeof op.description === "string" ? <p className="mt-1 text-sm text-slate-600"><Prose text={op.description} /></p> : null}
                    {parameters.length > 0 ? (
                      <div className="mt-3">
                        <h3 className="text-sm font-semibold text-slate-800">Parameters</h3>
                        <table className="mt-1 w-full table-fixed text-left text-sm">
                          <tbody>
                            {parameters.map((p) => (
                              <tr key={`${String(p.in)}-${String(p.name)}`} className="border-t border-slate-100 align-top">
                                <td className="w-40 py-1 pr-3"><code className="font-semibold">{String(p.name)}</code></td>
                                <td className="w-36 py-1 pr-3 text-slate-500">{String(p.in)}{p.required ? ", required" : ""}</td>
                                <td className="py-1 text-slate-600">{typeof p.description === "string" ? p.description : null}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    ) : null}
                    {body ? (
                      <details className="mt-3" data-testid="api-request-body">
                        <summary className="cursor-pointer text-sm font-semibold text-slate-800">Request body (JSON)</summary>
                        <div className="mt-2"><SchemaView schema={body} /></div>
                      </details>
                    ) : null}
                    <div className="mt-3">
                      <h3 className="text-sm font-semibold text-slate-800">Responses</h3>
                      <ul className="mt-1 grid gap-1">
                        {responses.map(([status, raw]) => {
                          const ref = typeof raw.$ref === "string" ? raw.$ref.split("/").pop()! : undefined;
                          const response = ref ? errorResponses[ref]! : raw;
                          const schema = ref ? undefined : jsonSchemaOf(response);
                          return (
                            <li key={status} className="text-sm">
                              {schema ? (
                                <details>
                                  <summary className="cursor-pointer"><code className="font-semibold">{status}</code> <span className="text-slate-600"><Prose text={response.description} /></span></summary>
                                  <div className="mt-2"><SchemaView schema={schema} /></div>
                                </details>
                              ) : (
                                <p className="pl-4"><code className="font-semibold">{status}</code> <span className="text-slate-600"><Prose text={response.description} /></span></p>
                              )}
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  </article>
                );
              })}
            </section>
          ))}
        </div>
      </div>
    </DashboardShell>
  );
}
