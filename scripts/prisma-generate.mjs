// Generates the Prisma client (TypeScript, no native engine) from prisma/schema.prisma.
// The Prisma CLI insists on locating a native schema engine even though generation does
// not use it; pointing it at an existing file lets it run without a download.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = path.join(root, "node_modules", "prisma", "build", "index.js");
const result = spawnSync(process.execPath, [cli, "generate", "--schema", "prisma/schema.prisma"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.join(root, "package.json"),
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
