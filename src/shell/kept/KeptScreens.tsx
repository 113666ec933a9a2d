/**
 * The routed screen, and the lists of other open tags kept mounted but hidden. Switching back to a
 * tag shows its list as it left it (filters, page, rows, scroll) instead of mounting it again: a
 * mount cost the browser a few hundred milliseconds of style, layout and table measuring on each
 * switch. A hidden list is only out of the document (Anchor below), not torn down: React's Activity,
 * which tears down and rebuilds every effect of the tree, took as long to show one again as to
 * mount it. So a hidden list must not work in the background: it sees the location it last showed,
 * not the one on screen, and ./screenVisibility.ts has it leave live updates until it shows again
 * (useListTable). When a list is kept and when it mounts anew: ./keptScreens.ts.
 */
import { Suspense, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext, useLocation, useNavigationType, useOutlet, type Location } from 'react-router';
import { useResourceParams } from '@refinedev/core';
import { createPortal } from 'react-dom';
import { Spin } from 'antd';
import { ContentScrollContext } from '../../common/contentScroll';
import { ErrorBoundary } from '../../common/error-log/ErrorBoundary';
import { useTags } from '../../common/tags';
import { keepOpen, noScreens, showScreen, shownOf, type KeptState } from './keptScreens';
import { ScreenVisibilityContext } from '../../common/screenVisibility';
import { useKeptScreenNavigation } from './hiddenNavigation';

/** Hidden lists kept at most; an operator's usual handful of tags, with room. */
const HIDDEN_LISTS = 8;

type LocationValue = React.ContextType<typeof UNSAFE_LocationContext>;
/**
 * What a screen last showed with: its route element and location, for the URL and route action
 * they were drawn for, and how far it was scrolled.
 */
type Shown = { element: ReactNode; location: LocationValue; url: string; action: string | undefined; scrollTop: number };

interface Tracked {
  state: KeptState;
  location: Location | null;
  action: string | undefined;
  openKeys: ReadonlySet<string> | null;
}

/**
 * Where a kept screen's elements go: in the page, after its anchor, while it shows; out of the
 * document while hidden. A hidden list is then as absent as an unmounted one for the page (no
 * element found by id, label or selector twice, nothing for a screen reader), and its React state
 * stays. Its effect runs before the screen's own (it comes first), so a screen measures itself in
 * place when it mounts.
 */
function Anchor({ host, visible }: { host: HTMLElement; visible: boolean }) {
  const anchor = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!visible) return;
    anchor.current!.after(host);
    return () => host.remove();
  }, [host, visible]);
  return <span ref={anchor} hidden />;
}

const newHost = () => {
  const host = document.createElement('div');
  host.style.display = 'contents'; // lays out as if the screen were the content's own child
  host.dataset.testid = 'kept-screen';
  return host;
};

/**
 * One kept screen, and telling its list whether it shows (./screenVisibility.ts). Its own suspense
 * boundary shows the spinner at once while a screen mounted anew loads (its code, texts and parts),
 * so the shell (tags, menu) follows the navigation at once instead of waiting for it.
 */
function KeptScreen({ visible, children }: { visible: boolean; children: ReactNode }) {
  const [host] = useState(newHost);
  const { visibility, ownNavigation } = useKeptScreenNavigation(visible);
  return (
    <>
      <Anchor host={host} visible={visible} />
      {createPortal(
        <UNSAFE_NavigationContext value={ownNavigation}>
          <ScreenVisibilityContext value={visibility}>
            <Suspense fallback={<Spin data-testid="screen-loading" style={{ display: 'block', margin: '80px auto' }} />}>{children}</Suspense>
          </ScreenVisibilityContext>
        </UNSAFE_NavigationContext>,
        host,
      )}
    </>
  );
}

export function KeptScreens() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { action, resource } = useResourceParams();
  const { state: tags } = useTags();
  const content = useContext(ContentScrollContext);
  const openKeys = useMemo(() => new Set(tags.tags.map((t) => t.key)), [tags.tags]);
  const here = useMemo<LocationValue>(() => ({ location, navigationType }), [location, navigationType]);
  const keep = action === 'list' && resource?.meta?.genericList === true;

  const url = location.pathname + location.search;
  // Derived from the router as it changes (React's "adjusting state while rendering").
  const [tracked, setTracked] = useState<Tracked>({ state: noScreens(), location: null, action: undefined, openKeys: null });
  let next = tracked;
  if (next.location !== location || next.action !== action) {
    next = { ...next, state: showScreen(next.state, { key: location.pathname, url, keep }, openKeys, HIDDEN_LISTS), location, action, openKeys };
  } else if (next.openKeys !== openKeys) {
    next = { ...next, state: keepOpen(next.state, openKeys), openKeys };
  }
  if (next !== tracked) setTracked(next);

  const { screens } = next.state;
  const shown = shownOf(next.state);
  const last = useRef(new Map<number, Shown>());
  // Shown again at the URL it last showed: drawn with what it last had, so nothing in it changes
  // (a new route element or location would draw the whole list again). The registry loading under
  // a page changes its route's action.
  const before = shown && last.current.get(shown.id);
  const current = before && before.url === url && before.action === action ? before : { element: outlet, location: here, url, action, scrollTop: 0 };

  const shownBefore = useRef<number>(undefined);
  // Where the content is scrolled to, as its scroll events last said. The effect below neither reads
  // nor sets scrollTop unless it must: either makes the browser lay out, in the middle of the task
  // that mounts a screen, the page that screen has just changed (about 60 ms for a big list).
  const position = useRef(0);
  useLayoutEffect(() => {
    if (!shown) return;
    const saved = last.current;
    const scroller = content?.current;
    const switched = shownBefore.current !== shown.id;
    // Back to a kept list: where it was scrolled to; a screen mounted anew starts at the top.
    let top = switched ? current.scrollTop : (saved.get(shown.id)?.scrollTop ?? position.current);
    if (scroller && switched && top !== position.current) {
      scroller.scrollTop = top;
      // Where the browser put it (a shorter page clamps it, and may fire no scroll event): read while
      // the layout the write just made is fresh, so it costs no second one.
      top = position.current = scroller.scrollTop;
    }
    shownBefore.current = shown.id;
    saved.set(shown.id, { ...current, scrollTop: top });
    for (const id of saved.keys()) if (!screens.some((s) => s.id === id)) saved.delete(id);
    if (!scroller) return;
    const onScroll = () => (saved.get(shown.id)!.scrollTop = position.current = scroller.scrollTop);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  });

  return (
    <>
      {[...screens]
        .sort((a, b) => a.id - b.id) // the order they mounted in: showing one does not move the others
        .map((screen) => {
          const visible = screen === shown;
          const saved = last.current.get(screen.id);
          if (!visible && !saved) return null; // never drawn: nothing to keep
          return (
            <KeptScreen key={screen.id} visible={visible}>
              <UNSAFE_LocationContext value={visible ? current.location : saved!.location}>
                <ErrorBoundary>{visible ? current.element : saved!.element}</ErrorBoundary>
              </UNSAFE_LocationContext>
            </KeptScreen>
          );
        })}
    </>
  );
}
