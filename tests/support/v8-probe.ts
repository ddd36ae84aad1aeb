import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";

/**
 * A look at V8's own state after a script has run: one of our modules compiled to plain JavaScript
 * (node then runs the probe with no loader of its own), and a probe script that imports it from
 * `process.env.PROBED_MODULE`, run in a child node with `--allow-natives-syntax`. The probe calls
 * V8's natives through `natives(name)`, defined ahead of its source: a `%` call is compiled at run
 * time (`new Function`), since a module cannot contain one.
 */
export type V8Probe = {
  /** Runs the probe with these node flags and environment; resolves with what it printed. */
  run(flags: readonly string[], env: Record<string, string>): Promise<string>;
  dispose(): Promise<void>;
};

/** `natives("DebugPrint")(value)` calls `%DebugPrint(value)`. */
const NATIVES = `const natives = (call) => new Function("value", \`return %\${call}(value)\`);`;

export async function prepareV8Probe(modulePath: string, probeSource: string): Promise<V8Probe> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "fundmatch-v8-probe-"));
  const probe = path.join(dir, "probe.mjs");
  const compiled = path.join(dir, "module.mjs");
  await writeFile(probe, `${NATIVES}\n${probeSource}`);
  await build({ entryPoints: [modulePath], outfile: compiled, format: "esm", platform: "node", logLevel: "warning" });
  let runs = 0;
  return {
    async run(flags, env) {
      // V8 prints through C's stdio: into a pipe that Node has made non-blocking, a long print is cut
      // short, so the probe's standard output is a file.
      const output = path.join(dir, `output-${++runs}.txt`);
      const file = await open(output, "w");
      try {
        const child = spawn(process.execPath, ["--allow-natives-syntax", ...flags, probe], {
          env: { ...process.env, ...env, PROBED_MODULE: compiled },
          stdio: ["ignore", file.fd, "inherit"],
        });
        const [code] = await once(child, "exit");
        if (code !== 0) throw new Error(`the V8 probe exited with ${code}`);
      } finally {
        await file.close();
      }
      return readFile(output, "utf8");
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
