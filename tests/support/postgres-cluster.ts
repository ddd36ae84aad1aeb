import { execFile as execFileCallback, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./process.js";

const execFile = promisify(execFileCallback);

/**
 * A PostgreSQL cluster of the test's own (initdb in a temp directory, on a free port), so that a
 * test can stop and start the database under the app. It uses the machine's PostgreSQL binaries
 * (PG_BIN, else `pg_config --bindir`); PostgreSQL refuses to run as root, so as root it runs them
 * as the `postgres` user. pg_ctl's -w waits until the server accepts connections or has stopped:
 * the signals the tests go by.
 */
export class TestCluster {
  readonly url: string;
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    private readonly port: number,
    private readonly runAs: string | undefined,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  static async create(): Promise<TestCluster> {
    const bin = process.env.PG_BIN || execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (!existsSync(path.join(bin, "initdb")))
      throw new Error(`no initdb in ${bin}: set PG_BIN to PostgreSQL's bin directory`);
    const runAs = process.getuid?.() === 0 ? "postgres" : undefined;
    const dir = mkdtempSync(path.join(tmpdir(), "fundmatch-cluster-"));
    if (runAs) {
      const uid = Number(execFileSync("id", ["-u", runAs], { encoding: "utf8" }));
      const gid = Number(execFileSync("id", ["-g", runAs], { encoding: "utf8" }));
      chownSync(dir, uid, gid);
    }
    const cluster = new TestCluster(bin, dir, await freePort(), runAs);
    await cluster.run("initdb", ["-D", cluster.dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    return cluster;
  }

  private get dataDir(): string {
    return path.join(this.dir, "data");
  }

  /** Starts the server and returns once it accepts connections. */
  async start(): Promise<void> {
    await this.run("pg_ctl", [
      "-D",
      this.dataDir,
      "-l",
      path.join(this.dir, "server.log"),
      "-w",
      "-t",
      "120",
      "-o",
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=50`,
      "start",
    ]);
  }

  /**
   * Stops the server and returns once it is down. immediate = a crash: no checkpoint, connections
   * cut, recovery from the write-ahead log on the next start.
   */
  async stop(mode: "fast" | "immediate" = "fast"): Promise<void> {
    await this.run("pg_ctl", ["-D", this.dataDir, "-m", mode, "-w", "-t", "120", "stop"]);
  }

  async dispose(): Promise<void> {
    await this.stop("immediate").catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async run(tool: string, args: string[]): Promise<void> {
    const command = path.join(this.bin, tool);
    await (this.runAs
      ? execFile("runuser", ["-u", this.runAs, "--", command, ...args], { cwd: this.dir })
      : execFile(command, args, { cwd: this.dir }));
  }
}
