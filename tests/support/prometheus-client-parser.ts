/**
 * The Prometheus text format read by the official Python client's parser (prometheus_client,
 * Debian's python3-prometheus-client; .ci/run installs it): a second, independent reader of a
 * scrape beside tests/support/prometheus-text.ts. It throws on anything the format forbids.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's Python, where its packages are (a python3 earlier on PATH may be another one). */
const PYTHON = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";

export interface ParsedFamily {
  name: string;
  type: string;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

const SCRIPT = `
import json, sys
from prometheus_client.parser import text_string_to_metric_families
families = [{"name": f.name, "type": f.type, "samples": [{"name": s.name, "labels": s.labels, "value": repr(s.value)} for s in f.samples]} for f in text_string_to_metric_families(sys.stdin.read())]
json.dump(families, sys.stdout)
`;

export function parseWithPrometheusClient(text: string): ParsedFamily[] {
  const run = spawnSync(PYTHON, ["-c", SCRIPT], { input: text, encoding: "utf8", timeout: 30_000 });
  if (run.error) throw new Error(`python3 could not run the Prometheus parser: ${run.error.message}`);
  if (run.status !== 0) {
    const missing = run.stderr.includes("No module named 'prometheus_client'");
    throw new Error(missing ? "The Prometheus client's parser is missing: apt-get install python3-prometheus-client" : `The Prometheus parser refused the scrape: ${run.stderr.slice(-500)}`);
  }
  // Values travel as Python's repr: JSON has no NaN or infinities, which the format allows.
  const special: Record<string, number> = { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, "-inf": Number.NEGATIVE_INFINITY };
  const families = JSON.parse(run.stdout) as (Omit<ParsedFamily, "samples"> & { samples: (Omit<ParsedFamily["samples"][number], "value"> & { value: string })[] })[];
  return families.map((family) => ({ ...family, samples: family.samples.map((sample) => ({ ...sample, value: special[sample.value] ?? Number(sample.value) })) }));
}
