/**
 * What every row's actions share, made once per list instead of once per row: Refine's navigation,
 * cache and delete hooks each read the route and match it against every resource, which over a
 * 500-row page cost seconds of main thread.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useDelete, useGo, useInvalidate } from '@refinedev/core';

function useTools() {
  const go = useGo();
  const invalidate = useInvalidate();
  const { mutate: remove } = useDelete();
  return useMemo(() => ({ go, invalidate, remove }), [go, invalidate, remove]);
}
type RowTools = ReturnType<typeof useTools>;

const RowToolsContext = createContext<RowTools | null>(null);

export function RowToolsProvider({ children }: { children: ReactNode }) {
  const tools = useTools();
  return <RowToolsContext.Provider value={tools}>{children}</RowToolsContext.Provider>;
}

export function useRowTools(): RowTools {
  const tools = useContext(RowToolsContext);
  if (!tools) throw new Error('row actions are drawn outside a RowToolsProvider');
  return tools;
}
