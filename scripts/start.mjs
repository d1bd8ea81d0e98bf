/**
 * `npm start`: compiles the server (server/main.ts and everything of the repository it imports)
 * into one ES module with esbuild when its sources changed, then runs it with plain Node, so no
 * TypeScript loader stays in the running process. Packages stay imports from node_modules.
 *
 * dist/porta.mjs is rebuilt when a file the last build read (esbuild's metafile, hashed into
 * dist/porta.inputs.json) or package-lock.json differs. Processes started together may each build:
 * every build is written under its own name and renamed into place.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "dist");
const bundle = path.join(outDir, "porta.mjs");
const inputsFile = path.join(outDir, "porta.inputs.json");

function digest(file) {
  try {
    return createHash("sha256").update(readFileSync(path.join(root, file))).digest("base64url");
  } catch {
    return "";
  }
}

/** True when the bundle exists and none of the files it was built from changed. */
function upToDate() {
  if (!existsSync(bundle)) return false;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
  } catch {
    return false;
  }
  return Object.entries(inputs).every(([file, hash]) => digest(file) === hash);
}

async function compile() {
  const esbuild = await import("esbuild");
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ["server/main.ts"],
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      target: "node20",
      tsconfig: "tsconfig.json",
      metafile: true,
      write: false,
      outfile: bundle,
      logLevel: "error",
    });
    const inputs = { "package-lock.json": digest("package-lock.json") };
    for (const file of Object.keys(result.metafile.inputs)) inputs[file] = digest(file);
    mkdirSync(outDir, { recursive: true });
    const suffix = `.${process.pid}.tmp`;
    writeFileSync(bundle + suffix, result.outputFiles[0].contents);
    renameSync(bundle + suffix, bundle);
    writeFileSync(inputsFile + suffix, JSON.stringify(inputs));
    renameSync(inputsFile + suffix, inputsFile);
  } finally {
    // esbuild's service process would otherwise stay beside the server.
    await esbuild.stop();
  }
}

try {
  if (!upToDate()) await compile();
  const { runPorta } = await import(pathToFileURL(bundle).href);
  await runPorta(root, process.argv.slice(2));
} catch (error) {
  console.error(`Porta failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
