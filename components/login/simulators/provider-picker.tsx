"use client";
/**
 * FTN and iDIN: choose a bank (or, for FTN mobile ID, an operator), then a test identity. The
 * banks are radio cards (arrow keys move between them); the identity select (`test-identity`)
 * keeps every identity, grouped by bank, so tests can pick any one directly. Choosing a bank
 * selects its first identity; choosing an identity marks its bank. Only `identity` decides the
 * login (each test person has one bank); the `bank` field is informational.
 */
import { useId, useState } from "react";
import type { ProviderBadgeLook } from "@/lib/eid/family-kit/brand";
import type { EidProvider } from "@/lib/eid/types";
import { useIsBrowser } from "../../hooks/use-is-browser";
import { ProviderBadge } from "./provider-badge";

export interface PickerIdentity {
  id: string;
  label: string;
  providerId: string;
}

export interface ProviderPickerProps {
  providers: EidProvider[];
  /** The providers' badges (the family's brand), by provider id. */
  badges?: Readonly<Record<string, ProviderBadgeLook>>;
  identities: PickerIdentity[];
  labels: { legend: string; hint: string; identity: string; identityHint: string };
  selectId: string;
  selectClass: string;
  pickedClass: string;
}

export function ProviderPicker({ providers, badges, identities, labels, selectId, selectClass, pickedClass }: ProviderPickerProps) {
  const [identityId, setIdentityId] = useState(identities[0]?.id ?? "");
  const providerId = identities.find((i) => i.id === identityId)?.providerId ?? "";
  const hintId = useId();
  const hydrated = useIsBrowser();
  const chooseProvider = (id: string) => {
    const first = identities.find((i) => i.providerId === id);
    if (first) setIdentityId(first.id);
  };

  return (
    <>
      <fieldset className="flex flex-col gap-2" aria-describedby={hintId} data-testid="eid-bank-choice" data-hydrated={hydrated || undefined}>
        <legend className="mb-1 text-sm font-semibold text-slate-900">{labels.legend}</legend>
        <div className="grid grid-cols-1 gap-2">
          {providers.map((provider) => (
            <label
              key={provider.id}
              data-testid="eid-bank"
              data-bank={provider.id}
              className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-300 bg-white px-3 py-2 text-base font-semibold text-slate-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900 ${pickedClass}`}
            >
              <input
                type="radio"
                name="bank"
                value={provider.id}
                checked={provider.id === providerId}
                onChange={() => chooseProvider(provider.id)}
                className="sr-only"
              />
              <ProviderBadge id={provider.id} look={badges?.[provider.id]} />
              <span>{provider.name}</span>
            </label>
          ))}
        </div>
        <p id={hintId} className="text-sm text-slate-600">
          {labels.hint}
        </p>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-semibold text-slate-900">
          {labels.identity}
        </label>
        <select
          id={selectId}
          name="identity"
          data-testid="test-identity"
          value={identityId}
          onChange={(e) => setIdentityId(e.target.value)}
          aria-describedby={`${selectId}-hint`}
          className={selectClass}
        >
          {providers.map((provider) => (
            <optgroup key={provider.id} label={provider.name}>
              {identities
                .filter((i) => i.providerId === provider.id)
                .map((identity) => (
                  <option key={identity.id} value={identity.id}>
                    {identity.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <p id={`${selectId}-hint`} className="text-sm text-slate-600">
          {labels.identityHint}
        </p>
      </div>
    </>
  );
}
