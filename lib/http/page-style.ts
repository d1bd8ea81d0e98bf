/**
 * The one stylesheet of Porta's own pages (html.ts), inline, and its CSP hash. Next pages' CSP
 * (page-headers.ts) names the hash too: under `next start` an unknown path's 404 is this kind of
 * page, answered by the catch-all route but carrying the page headers proxy.ts gives Next's pages.
 */
import { createHash } from "node:crypto";

export const PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:34rem;margin:10vh auto;padding:0 1.25rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.9rem;padding:2rem;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.brand{display:flex;align-items:center;gap:.6rem;margin-bottom:1.5rem;font-weight:600;color:#1e3a8a}
.brand svg{width:1.75rem;height:1.75rem}
h1{font-size:1.35rem;margin:0 0 .75rem}
p{line-height:1.55;margin:.5rem 0;color:#334155}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;background:#f1f5f9;border-radius:.3rem;padding:.1rem .35rem;color:#0f172a}
.muted{color:#64748b;font-size:.875rem}
a.button,button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.6rem 1.2rem;border-radius:.6rem;border:0;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
a.button:focus-visible,button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
`;

export const PAGE_STYLE_HASH = `sha256-${createHash("sha256").update(PAGE_STYLE).digest("base64")}`;
