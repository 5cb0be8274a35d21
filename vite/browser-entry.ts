// A browser script outside React Router's route modules, built by Vite with the client bundle and
// named by a virtual module whose default export is its URL: a hashed file under /assets in a
// build, the source file under the dev server. Used for the script of result pages that are not
// hydrated (app/features/finder/result-page.browser.ts, decision 017).
import type { Plugin } from "vite";

export function browserEntry({ id, entry }: { id: string; entry: string }): Plugin {
  const resolvedId = `\0${id}`;
  let reference: string | undefined;
  let fileName: string | undefined;
  let serving = false;
  return {
    name: "tagback:browser-entry",
    configResolved(config) {
      serving = config.command === "serve";
    },
    buildStart() {
      if (serving || this.environment.name !== "client") return;
      reference = this.emitFile({ type: "chunk", id: entry, name: entry.split("/").pop()!.replace(/\.[^.]+$/, "").replace(/\./g, "-") });
    },
    generateBundle() {
      if (reference && this.environment.name === "client") fileName = this.getFileName(reference);
    },
    resolveId(source) {
      return source === id ? resolvedId : undefined;
    },
    load(loaded) {
      if (loaded !== resolvedId) return undefined;
      if (serving) return `export default ${JSON.stringify(`/${entry}`)};`;
      // The client bundle never renders the script tag (the browser is hydrated); the server
      // bundle is built after the client one, so the file's name is known by then.
      if (this.environment.name === "client") return "export default '';";
      if (!fileName) throw new Error(`${entry} was not built with the client bundle`);
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}
