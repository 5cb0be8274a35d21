// The image rehearsal (decision 022). Docker cannot run on these machines (no daemon, no base image
// can be pulled), so the image is checked by doing what its Dockerfile says, instruction by
// instruction, in folders: the build context is the repository as `docker build` would send it
// (.dockerignore applied), each stage gets a folder that stands in for its root file system, RUN
// lines run through `sh` as written, COPY lines copy exactly the paths they name. What cannot exist
// here is substituted, and only that: a `node:N…` base image is the Node binary given (same major
// version), the Litestream image is the npm Litestream binary (same version), an image's digest
// (`name:tag@sha256:…`, how the Dockerfile pins them) is read but cannot be checked here (no registry
// can be reached: the first real `docker build` checks it), and RUN lines that
// only run apt-get are skipped (they install into the base image, which is not rehearsed). Any
// other instruction, flag or image the rehearsal does not know fails it, so a change to the
// Dockerfile is either rehearsed or reported, never silently left out.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type Instruction = { line: number; keyword: string; args: string };
export type Stage = { name: string; base: string; line: number; instructions: Instruction[] };

/** A stage after the rehearsal ran it: its folder (the stage's `/`) and what the image keeps. */
export type BuiltStage = {
  name: string;
  root: string;
  workdir: string;
  /** The stage's ENV, as the Dockerfile writes it (paths inside the image). */
  env: Record<string, string>;
  cmd: string[];
  /** Instructions left out because they cannot run here (apt-get). */
  skipped: Instruction[];
  /** Parts of the image the rehearsal replaced, one line each. */
  substituted: string[];
};

export type Substitutes = {
  /** The Node binary standing in for a `node:N…` base image's /usr/local/bin/node. */
  node: string;
  /** The Litestream binary standing in for the litestream/litestream image's. */
  litestream: string;
};

// The path node:24-slim (Debian) puts programs on, and where our substitutes go in a stage's folder.
const IMAGE_PATH = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];
const IMAGE_BIN = "/usr/local/bin";

/** An image reference pinned by digest: `name[:tag]@sha256:` and 64 hexadecimal digits. */
export const PINNED_IMAGE = /^[a-z0-9][a-z0-9._\/-]*(?::[\w.-]+)?@sha256:[0-9a-f]{64}$/;

/** The images a Dockerfile takes from outside (FROM a base that is no earlier stage, COPY --from= one), with their lines. */
export function externalImages(stages: Stage[]): { line: number; image: string }[] {
  const names = new Set<string>();
  const images: { line: number; image: string }[] = [];
  for (const stage of stages) {
    if (!names.has(stage.base)) images.push({ line: stage.line, image: stage.base });
    for (const instruction of stage.instructions) {
      const from = copyArgs(instruction)?.from;
      if (from && !names.has(from)) images.push({ line: instruction.line, image: from });
    }
    names.add(stage.name);
  }
  return images;
}

/** Reads a Dockerfile into its stages. Comments and blank lines go; `\` continues a line. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  let pending: { line: number; text: string } | undefined;
  const finish = ({ line, text }: { line: number; text: string }) => {
    const match = /^(\w+)\s*(.*)$/s.exec(text.trim());
    if (!match) throw new Error(`Dockerfile line ${line}: cannot read "${text}"`);
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === "FROM") {
      const from = /^(\S+)(?:\s+as\s+(\S+))?$/i.exec(args);
      if (!from || from[1]!.startsWith("--")) throw new Error(`Dockerfile line ${line}: the rehearsal cannot read FROM ${args}`);
      stages.push({ name: from[2] ?? String(stages.length), base: from[1]!, line, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`Dockerfile line ${line}: ${keyword} before the first FROM`);
      stage.instructions.push({ line, keyword, args });
    }
  };
  text.split("\n").forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const continued = trimmed.endsWith("\\");
    const part = continued ? trimmed.slice(0, -1) : trimmed;
    pending = pending ? { line: pending.line, text: `${pending.text} ${part}` } : { line: index + 1, text: part };
    if (!continued) {
      finish(pending);
      pending = undefined;
    }
  });
  if (pending) finish(pending);
  return stages;
}

/**
 * .dockerignore as Docker reads it: patterns from the context's root, `*` and `?` within one path
 * segment, `**` across segments, `!` re-includes; a path is left out when the last pattern matching
 * it or one of its parent folders is not a `!` one.
 */
export function dockerignore(text: string): (file: string) => boolean {
  const rules = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const keep = line.startsWith("!");
      const pattern = path.posix.normalize((keep ? line.slice(1) : line).trim()).replace(/^\/+|\/+$/g, "");
      if (/[[\]\\]/.test(pattern)) throw new Error(`.dockerignore: the rehearsal cannot read "${line}"`);
      const source = pattern
        .split(/(\*\*\/?|\*|\?)/)
        .map((part) => {
          if (part === "**/") return "(?:.*/)?";
          if (part === "**") return ".*";
          if (part === "*") return "[^/]*";
          if (part === "?") return "[^/]";
          return part.replace(/[.+^${}()|]/g, "\\$&");
        })
        .join("");
      return { keep, regex: new RegExp(`^${source}$`) };
    });
  return (file) => {
    const segments = file.split("/");
    const candidates = segments.map((_, i) => segments.slice(0, i + 1).join("/"));
    let ignored = false;
    for (const rule of rules) if (candidates.some((candidate) => rule.regex.test(candidate))) ignored = !rule.keep;
    return ignored;
  };
}

/**
 * The build context `docker build` would send from the repository: the files git knows (tracked,
 * or untracked and not ignored), less what .dockerignore leaves out, copied into `into`.
 */
export function assembleContext(repo: string, into: string): string[] {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repo, encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const ignored = dockerignore(fs.readFileSync(path.join(repo, ".dockerignore"), "utf8"));
  const files = [...new Set(listed.stdout.split("\0"))].filter(
    (file) => file !== "" && !ignored(file) && fs.existsSync(path.join(repo, file)),
  );
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.cpSync(path.join(repo, file), path.join(into, file), { verbatimSymlinks: true });
  }
  return files.sort();
}

/** Runs the stages of a Dockerfile in folders under `workDir`, as Docker would build them. */
export class ImageRehearsal {
  readonly #context: string;
  readonly #workDir: string;
  readonly #substitutes: Substitutes;
  // Like Docker's layer cache: a stage whose instructions, and those of every stage before it, are
  // the same as in an earlier build is not run again. The failing variants reuse the slow stages.
  readonly #cache = new Map<string, BuiltStage>();
  // Stages whose folder a later stage (`FROM name`) took over: their files are no longer theirs.
  readonly #taken = new Set<BuiltStage>();

  constructor(options: { context: string; workDir: string; substitutes: Substitutes }) {
    this.#context = options.context;
    this.#workDir = options.workDir;
    this.#substitutes = options.substitutes;
  }

  /** Builds every stage and returns the last one: the image. */
  build(stages: Stage[]): BuiltStage {
    const built = new Map<string, BuiltStage>();
    let key = "";
    stages.forEach((stage, index) => {
      key = createHash("sha256")
        .update(JSON.stringify([key, stage.base, stage.instructions.map((i) => `${i.keyword} ${i.args}`)]))
        .digest("hex");
      let result = this.#cache.get(key);
      if (!result) {
        result = this.#run(stage, built, stages.slice(index + 1));
        this.#cache.set(key, result);
      }
      built.set(stage.name, result);
    });
    const image = built.get(stages.at(-1)?.name ?? "");
    if (!image) throw new Error("the Dockerfile has no stage");
    return image;
  }

  #run(stage: Stage, built: Map<string, BuiltStage>, later: Stage[]): BuiltStage {
    const parent = built.get(stage.base);
    let result: BuiltStage;
    if (parent) {
      // `FROM earlier-stage` goes on in that stage's folder rather than copying it (node_modules is
      // large); the rehearsal then refuses a Dockerfile that still reads the earlier stage's files.
      const reused = later.some(
        (next) => next.base === stage.base || next.instructions.some((i) => copyArgs(i)?.from === stage.base),
      );
      if (reused || this.#taken.has(parent)) {
        throw new Error(`Dockerfile line ${stage.line}: the rehearsal cannot build two stages from stage ${stage.base}`);
      }
      this.#taken.add(parent);
      result = { ...parent, name: stage.name, env: { ...parent.env }, skipped: [...parent.skipped], substituted: [...parent.substituted] };
    } else {
      const root = fs.mkdtempSync(path.join(this.#workDir, `stage-${stage.name}-`));
      // An image's root is 0755 (mkdtemp makes 0700): the image's unprivileged user must reach /app.
      fs.chmodSync(root, 0o755);
      result = { name: stage.name, root, workdir: "/", env: {}, cmd: [], skipped: [], substituted: [this.#baseImage(stage, root)] };
    }
    this.#checkCopySources(stage, built);
    for (const instruction of stage.instructions) this.#apply(instruction, result, built);
    return result;
  }

  /** An image the rehearsal can stand in for: node:N… with the Node binary given, if N matches. */
  #baseImage(stage: Stage, root: string): string {
    const node = /^node:(\d+)(?:[-.][^@]*)?(?:@sha256:[0-9a-f]{64})?$/.exec(stage.base);
    if (!node) throw new Error(`Dockerfile line ${stage.line}: the rehearsal has no stand-in for the base image ${stage.base}`);
    const version = spawnSync(this.#substitutes.node, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (!version.startsWith(`v${node[1]}.`)) {
      throw new Error(`Dockerfile line ${stage.line}: ${stage.base} needs Node ${node[1]}, the rehearsal has ${version}`);
    }
    fs.mkdirSync(path.join(root, IMAGE_BIN), { recursive: true });
    fs.symlinkSync(this.#substitutes.node, path.join(root, IMAGE_BIN, "node"));
    return `${stage.base}: Node ${version} as ${IMAGE_BIN}/node`;
  }

  /** Every COPY source of the stage must exist before it runs (Docker fails the build otherwise). */
  #checkCopySources(stage: Stage, built: Map<string, BuiltStage>) {
    const missing: string[] = [];
    for (const instruction of stage.instructions) {
      const copy = copyArgs(instruction);
      if (!copy) continue;
      for (const source of copy.sources) {
        const from = copy.from ? built.get(copy.from) : undefined;
        if (copy.from && !from) {
          this.#externalImage(instruction, copy.from, source);
          continue;
        }
        const file = from ? path.join(from.root, path.posix.resolve("/", source)) : this.#contextPath(instruction, source);
        if (!fs.existsSync(file)) {
          const where = copy.from ? `stage ${copy.from}` : "the build context";
          missing.push(`line ${instruction.line}: COPY ${instruction.args}: ${source} does not exist in ${where}`);
        }
      }
    }
    if (missing.length > 0) throw new Error(`Dockerfile COPY of a missing path:\n${missing.join("\n")}`);
  }

  #apply(instruction: Instruction, stage: BuiltStage, built: Map<string, BuiltStage>) {
    const { keyword, args, line } = instruction;
    switch (keyword) {
      case "WORKDIR":
        if (args.includes("$")) throw new Error(`Dockerfile line ${line}: the rehearsal does not expand variables`);
        stage.workdir = path.posix.resolve(stage.workdir, args);
        fs.mkdirSync(path.join(stage.root, stage.workdir), { recursive: true });
        return;
      case "COPY":
        return this.#copy(instruction, stage, built);
      case "RUN":
        return this.#runCommand(instruction, stage);
      case "ENV":
        Object.assign(stage.env, envArgs(instruction));
        return;
      case "CMD":
        stage.cmd = args.startsWith("[") ? (JSON.parse(args) as string[]) : ["/bin/sh", "-c", args];
        return;
      case "EXPOSE":
        return;
      default:
        throw new Error(`Dockerfile line ${line}: the rehearsal does not know ${keyword}`);
    }
  }

  #copy(instruction: Instruction, stage: BuiltStage, built: Map<string, BuiltStage>) {
    const copy = copyArgs(instruction)!;
    const destination = path.posix.resolve(stage.workdir, copy.destination);
    const intoFolder = copy.sources.length > 1 || /(^|\/)\.?$/.test(copy.destination) || copy.destination.endsWith("/");
    for (const source of copy.sources) {
      const from = copy.from ? built.get(copy.from) : undefined;
      const file = copy.from
        ? from
          ? path.join(from.root, path.posix.resolve("/", source))
          : this.#externalImage(instruction, copy.from, source)
        : this.#contextPath(instruction, source);
      const target = path.join(stage.root, destination);
      if (fs.statSync(file).isDirectory()) {
        // A folder's contents go into the destination, merged with what is there.
        fs.cpSync(file, target, { recursive: true, verbatimSymlinks: true });
      } else {
        const to = intoFolder ? path.join(target, path.posix.basename(source)) : target;
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.cpSync(file, to);
      }
      if (copy.from && !from) stage.substituted.push(`${copy.from} ${source}: ${file}`);
    }
  }

  /** A file of an image the rehearsal cannot pull: only Litestream's binary has a stand-in. */
  #externalImage(instruction: Instruction, image: string, source: string): string {
    const litestream = /^litestream\/litestream:([^@]+)(?:@sha256:[0-9a-f]{64})?$/.exec(image);
    if (!litestream || source !== "/usr/local/bin/litestream") {
      throw new Error(`Dockerfile line ${instruction.line}: the rehearsal has no stand-in for ${source} from ${image}`);
    }
    const version = spawnSync(this.#substitutes.litestream, ["version"], { encoding: "utf8" }).stdout.trim();
    if (version !== `v${litestream[1]}`) {
      throw new Error(`Dockerfile line ${instruction.line}: ${image} is Litestream v${litestream[1]}, the rehearsal's binary is ${version}`);
    }
    return this.#substitutes.litestream;
  }

  #contextPath(instruction: Instruction, source: string): string {
    const relative = path.posix.normalize(source);
    if (relative.startsWith("../") || relative.startsWith("/")) {
      throw new Error(`Dockerfile line ${instruction.line}: ${source} is outside the build context`);
    }
    return path.join(this.#context, relative);
  }

  #runCommand(instruction: Instruction, stage: BuiltStage) {
    const command = instruction.args;
    if (command.startsWith("[")) throw new Error(`Dockerfile line ${instruction.line}: the rehearsal runs shell-form RUN only`);
    const steps = command.split("&&").map((step) => step.trim());
    if (steps.every((step) => step.startsWith("apt-get ") || step === "rm -rf /var/lib/apt/lists/*")) {
      stage.skipped.push(instruction);
      return;
    }
    // Run outside Docker, an absolute path would be the host's, not the stage's.
    if (/(^|[\s=;&|])\/(?!dev\/null\b)/.test(command)) {
      throw new Error(`Dockerfile line ${instruction.line}: the rehearsal cannot run a RUN line with an absolute path: ${command}`);
    }
    const result = spawnSync("sh", ["-c", command], {
      cwd: path.join(stage.root, stage.workdir),
      env: { ...imageEnv(stage), ...machineNetwork() },
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    if (result.status !== 0) {
      const output = `${result.stdout}${result.stderr}`.slice(-6000);
      throw new Error(`Dockerfile line ${instruction.line}: RUN ${command} failed (exit ${result.status ?? result.signal}):\n${output}`);
    }
  }
}

/**
 * The environment a process in the stage gets: the stage's ENV, with values that are absolute paths
 * read as paths inside the image (so in the stage's folder), and the image's PATH with the stage's
 * /usr/local/bin (where the stand-ins are) first. Nothing of this process's environment leaks in.
 */
export function imageEnv(stage: BuiltStage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(stage.env)) env[name] = value.startsWith("/") ? path.join(stage.root, value) : value;
  env.PATH = [path.join(stage.root, IMAGE_BIN), ...IMAGE_PATH].join(path.delimiter);
  return env;
}

/**
 * What a RUN line needs of this machine to reach the registry as Docker's build would: HOME for
 * npm's configuration and cache (a build in Docker downloads afresh), and the machine's CA bundle
 * and proxies (without the CA bundle here, every request of `npm ci` fails and is retried before
 * npm falls back to its cache: 155 s instead of 20).
 */
function machineNetwork(): Record<string, string> {
  const names = ["HOME", "NODE_EXTRA_CA_CERTS", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/** A path inside the image, in the stage's folder. */
export function imagePath(stage: BuiltStage, file: string): string {
  return path.join(stage.root, path.posix.resolve(stage.workdir, file));
}

/** Starts the image's CMD in its WORKDIR, in a process group of its own (so its children can be stopped with it). */
export function startImage(image: BuiltStage, env: Record<string, string>): ChildProcess {
  const [command, ...args] = image.cmd;
  if (!command) throw new Error("the image has no CMD");
  return spawn(command.startsWith("/") ? path.join(image.root, command) : command, args, {
    cwd: path.join(image.root, image.workdir),
    env: { ...imageEnv(image), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
}

/**
 * Optional dependencies of the packages left in the image's node_modules that the lockfile
 * installs on this machine's platform (os and cpu; the image's and this machine's libc are both
 * glibc) but that are missing: a prune with --omit=optional drops them, and a package that ships
 * its native binary that way would then fail at run time.
 */
export function prunedPlatformPackages(image: BuiltStage, lockfile: string): string[] {
  type Entry = { optionalDependencies?: Record<string, string>; os?: string[]; cpu?: string[]; libc?: string[] };
  type Lock = { packages: Record<string, Entry> };
  const full = (JSON.parse(fs.readFileSync(lockfile, "utf8")) as Lock).packages;
  const kept = (JSON.parse(fs.readFileSync(imagePath(image, "node_modules/.package-lock.json"), "utf8")) as Lock).packages;
  const fits = (values: string[] | undefined, here: string) => !values || values.includes(here);
  const missing = new Set<string>();
  for (const entry of Object.values(kept)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const candidate = full[`node_modules/${name}`];
      const installsHere = candidate && fits(candidate.os, process.platform) && fits(candidate.cpu, process.arch) && fits(candidate.libc, "glibc");
      if (installsHere && !fs.existsSync(imagePath(image, `node_modules/${name}`))) missing.add(name);
    }
  }
  return [...missing].sort();
}

type CopyArgs = { from?: string; sources: string[]; destination: string };

function copyArgs(instruction: Instruction): CopyArgs | undefined {
  if (instruction.keyword !== "COPY") return undefined;
  const words = instruction.args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith("--")) {
    const flag = words.shift()!;
    if (!flag.startsWith("--from=")) throw new Error(`Dockerfile line ${instruction.line}: the rehearsal does not know COPY ${flag}`);
    from = flag.slice("--from=".length);
  }
  if (instruction.args.startsWith("[") || instruction.args.includes("$") || /[*?[]/.test(instruction.args) || words.length < 2) {
    throw new Error(`Dockerfile line ${instruction.line}: the rehearsal cannot read COPY ${instruction.args}`);
  }
  return { from, sources: words.slice(0, -1), destination: words.at(-1)! };
}

function envArgs(instruction: Instruction): Record<string, string> {
  if (/["'$]/.test(instruction.args)) throw new Error(`Dockerfile line ${instruction.line}: the rehearsal cannot read ENV ${instruction.args}`);
  const words = instruction.args.split(/\s+/);
  if (!words[0]!.includes("=")) return { [words[0]!]: words.slice(1).join(" ") };
  return Object.fromEntries(
    words.map((word) => {
      const equals = word.indexOf("=");
      if (equals < 1) throw new Error(`Dockerfile line ${instruction.line}: the rehearsal cannot read ENV ${instruction.args}`);
      return [word.slice(0, equals), word.slice(equals + 1)];
    }),
  );
}
