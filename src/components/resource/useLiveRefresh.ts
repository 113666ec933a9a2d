/**
 * A list's live updates (the socket's pushes, src/realtime): read again at once while it shows, as
 * Refine's 'auto' live mode does; behind another tag (the shell keeps the list mounted, hidden), once
 * when it shows again, so a stream of pushes does not keep redrawing lists nobody sees.
 */
import { useEffect, useRef } from 'react';
import { useInvalidate, type LiveModeProps } from '@refinedev/core';
import { useScreenVisibility } from '../../common/screenVisibility';

export function useLiveRefresh(resource: string): Pick<LiveModeProps, 'liveMode' | 'onLiveEvent'> {
  const invalidate = useInvalidate();
  const visibility = useScreenVisibility();
  const missed = useRef(false);
  // What Refine's 'auto' mode does on a push: the resource's active reads, without cancelling one under way.
  const refresh = () =>
    void invalidate({ resource, invalidates: ['resourceAll'], invalidationFilters: { type: 'active', refetchType: 'active' }, invalidationOptions: { cancelRefetch: false } });
  useEffect(
    () =>
      visibility.onShown(() => {
        if (!missed.current) return;
        missed.current = false;
        refresh();
      }),
    [visibility, resource],
  );
  return {
    liveMode: 'manual',
    onLiveEvent: () => {
      if (visibility.shown()) refresh();
      else missed.current = true;
    },
  };
}
