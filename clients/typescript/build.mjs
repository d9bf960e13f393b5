// Builds dist/ with no imports left, so the package has no dependencies at run time: npm
// installs none for a folder it only links (`npm install <this folder>`), and none are then
// needed. esbuild bundles src/index.ts with openapi-fetch into dist/index.js, and
// dts-bundle-generator inlines the schema and the types of openapi-fetch (with
// openapi-typescript-helpers, which they import) into dist/index.d.ts, type-checking first.
// Each file opens with the licence of every package it carries, as their MIT licence asks of
// a copy, in a /*! */ comment that minifiers keep.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateDtsBundle } from "dts-bundle-generator";
import { build } from "esbuild";

const ENTRY = "src/index.ts";
const INLINED_TYPES = ["openapi-fetch", "openapi-typescript-helpers"];

function notices(packages) {
  return [...new Set(packages)].sort().map((name) => {
    const folder = join("node_modules", name);
    const { version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
    const licence = readdirSync(folder).find((file) => /^licen[cs]e/i.test(file));
    if (!licence) throw new Error(`${name} ships no licence file`);
    const text = readFileSync(join(folder, licence), "utf8").trim();
    return `/*! ${name} ${version}\n\n${text.replaceAll("*/", "* /")}\n*/\n`;
  }).join("");
}

mkdirSync("dist", { recursive: true });
const [types] = generateDtsBundle(
  [{ filePath: ENTRY, libraries: { inlinedLibraries: INLINED_TYPES },
     output: { noBanner: true, exportReferencedTypes: false } }],
  { preferredConfigPath: "tsconfig.json" },
);
writeFileSync("dist/index.d.ts", notices(INLINED_TYPES) + types);

// The bundle names each module's path: node_modules/..., also where node_modules is a link
// (tests/test_clients.py builds in a copy that links this one's).
const bundled = await build({
  entryPoints: [ENTRY], bundle: true, format: "esm", platform: "node", target: "node18",
  preserveSymlinks: true, metafile: true, write: false, outfile: "dist/index.js",
  logLevel: "warning",
});
const packages = Object.keys(bundled.metafile.inputs)
  .flatMap((path) => path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []);
writeFileSync("dist/index.js", notices(packages) + bundled.outputFiles[0].text);
