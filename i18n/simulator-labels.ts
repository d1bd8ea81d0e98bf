import { getTranslations } from "next-intl/server";
import { SIMULATOR_LABELS, type SimulatorLabels } from "@/components/login/simulators/labels";

/**
 * The eID simulators' wording in the request's language (catalogue namespace `simulator`), over
 * the simulators' English defaults: a string the catalogue lacks stays English.
 */
export async function simulatorLabels(): Promise<SimulatorLabels> {
  const t = await getTranslations();
  return t.has("simulator") ? overlay(SIMULATOR_LABELS, t.raw("simulator")) : SIMULATOR_LABELS;
}

function overlay<T>(base: T, over: unknown): T {
  if (typeof base === "string") return (typeof over === "string" ? over : base) as T;
  if (base === null || typeof base !== "object") return base;
  const source = over !== null && typeof over === "object" ? (over as Record<string, unknown>) : {};
  return Object.fromEntries(Object.entries(base as Record<string, unknown>).map(([key, value]) => [key, overlay(value, source[key])])) as T;
}
