/**
 * What the build makes antd load on demand (scripts/dependency-swaps.ts): a Select's option list,
 * drawn only in its open dropdown, and the virtual table, drawn only for pages of more than 100
 * rows. Both bring rc-virtual-list. Fetched once the signed-in app is idle, so that neither waits
 * for the network when first needed; a failed fetch here is tried again when one is.
 */
export const prefetchOnDemand = (): Promise<unknown> => Promise.all([import('rc-select/es/OptionList'), import('antd/es/table/RcTable/VirtualTable')]).catch(() => undefined);
