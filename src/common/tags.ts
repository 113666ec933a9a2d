/**
 * The tag bar's API as screens see it: the shell's TagsProvider (src/shell/tags) provides it, and a
 * record screen names its record in its tag through it, without importing the shell.
 */
import { createContext, useContext, useEffect } from 'react';
import type { Tag, TagState } from '../shell/tags/tagState';

export interface TagsApi {
  state: TagState;
  titleOf: (tag: Tag) => string;
  activate: (key: string) => void;
  close: (key: string) => Promise<void>;
  closeOthers: (key: string) => Promise<void>;
  closeAll: () => Promise<void>;
  /** Names the record the current page shows, in its tag's title. */
  label: (label: string | undefined) => void;
}

export const TagsContext = createContext<TagsApi | null>(null);

export const useTags = (): TagsApi => {
  const api = useContext(TagsContext);
  if (!api) throw new Error('useTags needs TagsProvider');
  return api;
};

/** A record screen names its record in its tag (once loaded), e.g. "Edit · Merchants · agent03". */
export function useTagLabel(label: string | undefined): void {
  const { label: setLabel, state } = useTags();
  // Also when the tag becomes active: the page's effect may run before the bar opened its tag.
  useEffect(() => setLabel(label), [label, state.active]);
}

