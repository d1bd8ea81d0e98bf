/**
 * The application form's eID table: which eIDs are enabled, which are defaults, and the static
 * data points of each. On narrow screens each eID becomes a block with visible checkbox labels.
 */
import type { FormValues } from "@/lib/clients/dashboard-form";
import type { MethodOption } from "@/lib/clients/dashboard-form-options";
import { has } from "./application-form-fields";

export function EidsTable({ methods, scopes, values }: { methods: MethodOption[]; scopes: readonly string[]; values: FormValues }) {
  return (
    <div className="sm:overflow-x-auto">
      <table className="block w-full text-left text-sm sm:table sm:min-w-[40rem]" data-testid="eids-table">
        <thead className="hidden text-slate-500 sm:table-header-group">
          <tr><th className="py-2 pr-3 font-medium">eID</th><th className="px-2 font-medium">Enabled</th><th className="px-2 font-medium">Default</th><th className="px-2 font-medium">Static data points</th></tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {methods.map((m) => (
            <tr key={m.acr} className="block border-t border-slate-100 py-2 sm:table-row sm:py-0">
              <td className="block sm:table-cell sm:py-2 sm:pr-3">
                <span className="font-medium">{m.name}</span> <span className="text-xs uppercase text-slate-500">{m.country}</span>
                <span className="block font-mono text-xs text-slate-500">{m.acr}</span>
                {m.supportsDecoupled ? <span className="block text-xs text-slate-600" data-testid="supports-decoupled">Supports CIBA and headless</span> : null}
                {m.needsEncryption ? <span className="block text-xs text-amber-800" data-testid="needs-encryption">Needs encrypted ID tokens</span> : null}
              </td>
              <td className="mt-1 mr-4 inline-block sm:mt-0 sm:mr-0 sm:table-cell sm:px-2">
                <label className="flex items-center gap-1"><input type="checkbox" aria-label={`Enable ${m.name}`} name="enabled_acr_values[]" value={m.acr} defaultChecked={has(values, "enabled_acr_values[]", m.acr)} /><span aria-hidden="true" className="text-xs sm:hidden">Enabled</span></label>
              </td>
              <td className="mt-1 inline-block sm:mt-0 sm:table-cell sm:px-2">
                <label className="flex items-center gap-1"><input type="checkbox" aria-label={`Default ${m.name}`} name="default_acr_values[]" value={m.acr} defaultChecked={has(values, "default_acr_values[]", m.acr)} /><span aria-hidden="true" className="text-xs sm:hidden">Default</span></label>
              </td>
              <td className="mt-2 block sm:mt-0 sm:table-cell sm:px-2">
                <span aria-hidden="true" className="block text-xs text-slate-500 sm:hidden">Static data points</span>
                <div className="flex flex-wrap gap-x-3 gap-y-1" role="group" aria-label={`Static data points of ${m.name}`}>
                  {scopes.map((s) => (
                    <label key={s} className="flex items-center gap-1 text-xs"><input type="checkbox" name={`static_scopes[${m.acr}][]`} value={s} defaultChecked={has(values, `static_scopes[${m.acr}][]`, s)} />{s}</label>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
