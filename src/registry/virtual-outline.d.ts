/** scripts/resource-outline.ts; typed by ./outline-data.ts. */
declare module 'virtual:resource-outline' {
  export const outlines: unknown[];
  export const loaders: Record<string, () => Promise<unknown>>;
}
