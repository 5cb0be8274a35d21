/** The URL of the result page's script (vite/browser-entry.ts). */
declare module "virtual:result-page-script" {
  const url: string;
  export default url;
}
