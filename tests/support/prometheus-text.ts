/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4, as Prometheus's
 * "Exposition formats" documentation specifies it): it throws, naming the line, on anything a
 * Prometheus server would refuse or misread, and returns the families with their samples.
 *
 * Checked: `# HELP name text` and `# TYPE name type` at most once per family, before its samples;
 * TYPE one of counter, gauge, histogram, summary, untyped; metric names `[a-zA-Z_:][a-zA-Z0-9_:]*`,
 * label names `[a-zA-Z_][a-zA-Z0-9_]*` (not `__`-prefixed), label values in double quotes with only
 * `\\`, `\"` and `\n` escapes; a sample's value a float as Go's ParseFloat reads it (decimal, or
 * NaN and ±Inf/Infinity in any letter case, which the format defers to it) with an optional
 * integer timestamp; each family's lines in one group; no label name twice in a sample and no
 * label set twice in a series; counters end in `_total` and are not negative; histograms give
 * `_bucket` series with `le` (ascending, cumulative, ending with `le="+Inf"` equal to `_count`)
 * plus `_sum` and `_count` for every label set; summaries give `quantile` samples plus `_sum` and
 * `_count`.
 */

export type MetricType = "counter" | "gauge" | "histogram" | "summary" | "untyped";

export interface Sample {
  /** The sample's own name (e.g. `x_bucket` in the family `x`). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help?: string;
  samples: Sample[];
}

export class ExpositionError extends Error {
  override name = "ExpositionError";
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(["counter", "gauge", "histogram", "summary", "untyped"]);
const FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const TIMESTAMP = /^-?\d+$/;

function parseFloatValue(text: string, fail: (why: string) => never): number {
  if (/^nan$/i.test(text)) return Number.NaN;
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (!FLOAT.test(text)) fail(`"${text}" is not a float`);
  return Number(text);
}

/** HELP text: only `\\` and `\n` are escapes. */
function unescapeHelp(text: string, fail: (why: string) => never): string {
  return text.replace(/\\(.?)/g, (_m, c: string) => {
    if (c === "\\") return "\\";
    if (c === "n") return "\n";
    return fail(`HELP text has the unknown escape \\${c}`);
  });
}

/** Reads `{name="value",...}` from `line` at `at` (on the `{`); returns the labels and the index after `}`. */
function readLabels(line: string, at: number, fail: (why: string) => never): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  let i = at + 1;
  for (;;) {
    if (line[i] === "}") return [labels, i + 1];
    const nameMatch = /^[^=,}]*/.exec(line.slice(i))![0];
    const name = nameMatch.trim();
    if (!LABEL_NAME.test(name)) fail(`"${name}" is not a label name`);
    if (name.startsWith("__")) fail(`label name "${name}" is reserved`);
    if (name in labels) fail(`label "${name}" given twice`);
    i += nameMatch.length;
    if (line[i] !== "=" || line[i + 1] !== '"') fail(`label "${name}" must be followed by ="`);
    i += 2;
    let value = "";
    for (;;) {
      const c = line[i];
      if (c === undefined) fail(`label "${name}"'s value is not closed`);
      if (c === '"') break;
      if (c === "\\") {
        const next = line[i + 1];
        if (next === "\\") value += "\\";
        else if (next === '"') value += '"';
        else if (next === "n") value += "\n";
        else fail(`label "${name}"'s value has the unknown escape \\${next ?? ""}`);
        i += 2;
        continue;
      }
      value += c;
      i += 1;
    }
    labels[name] = value;
    i += 1;
    if (line[i] === ",") i += 1;
    else if (line[i] !== "}") fail(`expected , or } after label "${name}"`);
  }
}

/** The family a sample name belongs to, given its type's suffixes. */
function familyOf(sampleName: string, families: Map<string, MetricFamily>): MetricFamily | undefined {
  const direct = families.get(sampleName);
  if (direct && direct.type !== "histogram") return direct;
  for (const suffix of ["_bucket", "_sum", "_count"]) {
    if (!sampleName.endsWith(suffix)) continue;
    const family = families.get(sampleName.slice(0, -suffix.length));
    if (family && (family.type === "histogram" || (family.type === "summary" && suffix !== "_bucket"))) return family;
  }
  return direct;
}

function labelKey(labels: Record<string, string>, without?: string): string {
  return JSON.stringify(Object.entries(labels).filter(([k]) => k !== without).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function checkHistogram(family: MetricFamily, fail: (why: string) => never): void {
  const series = new Map<string, { buckets: [number, number][]; sum?: number; count?: number }>();
  const of = (labels: Record<string, string>, without?: string) => {
    const key = labelKey(labels, without);
    let entry = series.get(key);
    if (!entry) series.set(key, (entry = { buckets: [] }));
    return entry;
  };
  for (const sample of family.samples) {
    if (sample.name === `${family.name}_bucket`) {
      const le = sample.labels.le;
      if (le === undefined) fail(`${sample.name} without an le label`);
      of(sample.labels, "le").buckets.push([parseFloatValue(le, fail), sample.value]);
    } else if (sample.name === `${family.name}_sum`) of(sample.labels).sum = sample.value;
    else if (sample.name === `${family.name}_count`) of(sample.labels).count = sample.value;
    else fail(`histogram ${family.name} has the sample ${sample.name}`);
  }
  for (const [key, entry] of series) {
    if (entry.sum === undefined || entry.count === undefined) fail(`histogram ${family.name}${key} lacks _sum or _count`);
    const last = entry.buckets.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY) fail(`histogram ${family.name}${key} does not end with le="+Inf"`);
    if (last[1] !== entry.count) fail(`histogram ${family.name}${key}: le="+Inf" (${last[1]}) differs from _count (${entry.count})`);
    for (let i = 1; i < entry.buckets.length; i++) {
      const [le, value] = entry.buckets[i]!;
      const [prevLe, prevValue] = entry.buckets[i - 1]!;
      if (!(le > prevLe)) fail(`histogram ${family.name}${key}: buckets are not in ascending le order`);
      if (value < prevValue) fail(`histogram ${family.name}${key}: buckets are not cumulative`);
    }
  }
}

function checkSummary(family: MetricFamily, fail: (why: string) => never): void {
  for (const sample of family.samples) {
    if (sample.name === family.name && sample.labels.quantile === undefined) fail(`summary ${family.name} sample without quantile`);
  }
}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const helpSeen = new Set<string>();
  const finished = new Set<string>();
  const seriesSeen = new Set<string>();
  let current: MetricFamily | undefined;
  if (text.length > 0 && !text.endsWith("\n")) throw new ExpositionError("the exposition must end with a line feed");
  const lines = text.split("\n");
  lines.pop();
  lines.forEach((line, index) => {
    const fail = (why: string): never => {
      throw new ExpositionError(`line ${index + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line.trim() === "") return;
    const enter = (name: string): MetricFamily => {
      if (finished.has(name)) fail(`lines of ${name} are not in one group`);
      if (current && current.name !== name) finished.add(current.name);
      let family = families.get(name);
      if (!family) families.set(name, (family = { name, type: "untyped", samples: [] }));
      current = family;
      return family;
    };
    if (line.startsWith("#")) {
      const comment = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
      if (!comment) return; // any other comment
      const [, keyword, name, rest = ""] = comment as unknown as [string, "HELP" | "TYPE", string, string | undefined];
      if (!METRIC_NAME.test(name)) fail(`"${name}" is not a metric name`);
      const family = enter(name);
      if (keyword === "HELP") {
        if (helpSeen.has(name)) fail(`a second HELP for ${name}`);
        helpSeen.add(name);
        family.help = unescapeHelp(rest, fail);
      } else {
        if (family.samples.length > 0) fail(`TYPE of ${name} after its samples`);
        if (family.type !== "untyped" || !TYPES.has(rest.trim() as MetricType)) fail(`a second or unknown TYPE for ${name}`);
        family.type = rest.trim() as MetricType;
      }
      return;
    }
    const nameMatch = /^[^\s{]+/.exec(line);
    if (!nameMatch) fail("a sample must start with its metric name");
    const sampleName = nameMatch![0];
    if (!METRIC_NAME.test(sampleName)) fail(`"${sampleName}" is not a metric name`);
    let at = sampleName.length;
    let labels: Record<string, string> = {};
    if (line[at] === "{") [labels, at] = readLabels(line, at, fail);
    const rest = line.slice(at);
    if (!/^[ \t]/.test(rest)) fail("the value must follow after a space");
    const parts = rest.trim().split(/[ \t]+/);
    if (parts.length > 2) fail("only a value and a timestamp may follow the labels");
    const value = parseFloatValue(parts[0]!, fail);
    if (parts[1] !== undefined && !TIMESTAMP.test(parts[1])) fail(`"${parts[1]}" is not a timestamp`);
    const family = familyOf(sampleName, families) ?? enter(sampleName);
    if (current !== family) enter(family.name);
    const series = `${sampleName}${labelKey(labels)}`;
    if (seriesSeen.has(series)) fail(`the series ${series} is given twice`);
    seriesSeen.add(series);
    if (family.type === "counter") {
      if (!sampleName.endsWith("_total") && !sampleName.endsWith("_created")) fail(`counter sample ${sampleName} does not end in _total`);
      if (value < 0) fail(`counter ${sampleName} is negative`);
    }
    family.samples.push({ name: sampleName, labels, value });
  });
  for (const family of families.values()) {
    const fail = (why: string): never => {
      throw new ExpositionError(why);
    };
    if (family.type === "histogram") checkHistogram(family, fail);
    if (family.type === "summary") checkSummary(family, fail);
  }
  return families;
}

/** The value of the one sample of `family` whose labels include `labels` (0 when there is none; more than one is an error). */
export function sampleValue(families: Map<string, MetricFamily>, sampleName: string, labels: Record<string, string>): number {
  const familyName = sampleName.replace(/_(bucket|sum|count)$/, "");
  const family = families.get(sampleName) ?? families.get(familyName);
  const matches = (family?.samples ?? []).filter((s) => s.name === sampleName && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matches.length > 1) throw new Error(`${matches.length} samples of ${sampleName} match ${JSON.stringify(labels)}`);
  return matches[0]?.value ?? 0;
}
