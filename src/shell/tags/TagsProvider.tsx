/**
 * Keeps the tag bar in step with the router: the current page opens (or activates) its tag, closing
 * navigates to the tag that becomes active, and the bar is saved per user so it survives a reload.
 * Only a screen the route guard lets through gets a tag (a refused one would come back after a
 * reload), and closing the page whose form has unsaved changes asks first.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TagsContext, type TagsApi } from '../../common/tags';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useGetIdentity, useResourceParams, useWarnAboutChange } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { Spin } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import type { UserInfo } from '../../providers/auth';
import { titleKeyOf } from '../menu/buildMenu';
import { mustBindGoogle, screenAllowed } from '../routeAccess';
import { beforeCloseHooks } from './beforeClose';
import { closeAll, closeOthers, closeTags, initialTags, labelTag, othersOf, openTag, restoreTags, showing, urlOf, type Tag, type TagState } from './tagState';

const storageKey = (userId: number) => `shell.tags.${userId}`;

function load(userId: number): TagState {
  try {
    return restoreTags(JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null'));
  } catch {
    return initialTags();
  }
}

export function TagsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { resource, resources, action, id } = useResourceParams();
  const { data: user } = useGetIdentity<UserInfo>();
  const ability = useAbility<AppAbility>();
  // Set by Refine's forms (warnWhenUnsavedChanges) while the current screen has unsaved input.
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const userId = user?.user_id;
  const [state, setState] = useState<TagState | null>(null);
  /** The page whose tag the bar just closed, and where the bar went instead (see the tag effect). */
  const leaving = useRef<{ path: string; target: string } | null>(null);

  const resourceOf = useCallback((tagName: string) => resources.find((r) => (r.identifier ?? r.name) === tagName), [resources]);
  const mayOpen = useCallback(
    (tag: Pick<Tag, 'name' | 'action'>) => {
      const r = resourceOf(tag.name);
      return Boolean(r && screenAllowed(ability, r, tag.action, resources));
    },
    [resourceOf, ability, resources],
  );

  // Restore once the user is known (tags are per user), without tags the role may no longer open.
  useEffect(() => {
    if (userId === undefined) return;
    const saved = load(userId);
    setState(closeTags(saved, saved.tags.filter((tag) => !mayOpen(tag)).map((tag) => tag.key)));
    // Restored once per user: later ability changes close nothing behind the user's back.
  }, [userId]);

  useEffect(() => {
    if (state && userId !== undefined) localStorage.setItem(storageKey(userId), JSON.stringify(state));
  }, [state, userId]);

  // The tag is the screen or record (the path); the query only switches a view of it.
  const key = location.pathname;
  const url = location.pathname + location.search;
  const name = resource ? (resource.identifier ?? resource.name) : undefined;
  const ready = state !== null;
  const blocked = mustBindGoogle(user);
  useEffect(() => {
    if (!ready || !name || blocked) return;
    const detail = action && action !== 'list' ? { action, ...(id !== undefined ? { id: String(id) } : {}) } : {};
    const tag = { key, url, name, ...detail };
    // The route guard sends this user to /401: no tag for a screen that never showed.
    if (!mayOpen(tag)) return;
    const left = leaving.current;
    if (navigationType === 'REPLACE' && left && key === left.path) {
      // The list whose tag was just closed rewrote its URL late (Refine syncs it after mounting),
      // undoing the bar's navigation: go where the bar went instead of reopening the closed tag.
      navigate(left.target, { replace: true });
      return;
    }
    if (navigationType !== 'REPLACE' && url !== left?.target) leaving.current = null;
    setState((s) => openTag(s!, tag));
  }, [ready, key, url, name, navigationType, action, id, blocked, mayOpen]);

  const titleOf = useCallback(
    (tag: Tag) => {
      const r = resourceOf(tag.name);
      const title = t(r ? titleKeyOf(r) : `resources.${tag.name}`);
      if (!tag.action) return title;
      return t(`pageHeader.${tag.action === 'create' ? 'create' : tag.action === 'edit' ? 'edit' : 'show'}`, { title, name: tag.label ?? (tag.id ? `#${tag.id}` : '') }).trim();
    },
    [resourceOf, t],
  );

  /** Runs each closing tag's beforeClose hook; returns the keys that may close. */
  const allowedToClose = useCallback(
    async (keys: string[]) => {
      const ask = (titleKey: string, contentKey: string) =>
        new Promise<boolean>((resolve) =>
          modal.confirm({ title: t(titleKey), content: t(contentKey), okText: t('shell.ok'), cancelText: t('shell.cancel'), onOk: () => resolve(true), onCancel: () => resolve(false) }),
        );
      const allowed: string[] = [];
      for (const k of keys) {
        const tag = state?.tags.find((x) => x.key === k);
        const declared = tag && beforeCloseHooks[resourceOf(tag.name)?.meta?.beforeCloseName as string];
        // Only the current page can hold unsaved input: the screens kept behind other tags are lists (src/shell/kept).
        const hook = declared ?? (k === key && warnWhen ? beforeCloseHooks.confirmLeave : undefined);
        if (!hook || (await hook(ask))) allowed.push(k);
      }
      return allowed;
    },
    [modal, t, state, resourceOf, key, warnWhen],
  );

  const apply = useCallback(
    (next: TagState) => {
      setState(next);
      if (next.active === key) return;
      const closedCurrent = !next.tags.some((tag) => tag.key === key);
      const target = urlOf(next, next.active);
      leaving.current = closedCurrent && next.active !== key ? { path: key, target } : null;
      // The current page's tag closed, so leaving was confirmed: drop the flag synchronously so the
      // unsaved changes notifier does not ask a second time on this navigation.
      if (warnWhen && closedCurrent) flushSync(() => setWarnWhen(false));
      navigate(target);
    },
    [navigate, key, warnWhen, setWarnWhen],
  );

  const api = useMemo<TagsApi | null>(() => {
    if (!state) return null;
    return {
      state,
      titleOf,
      activate: (k) => navigate(urlOf(state, k)),
      label: (label) => setState((s) => (s ? labelTag(s, key, label) : s)),
      close: async (k) => apply(closeTags(showing(state, key), await allowedToClose([k]))),
      closeOthers: async (k) => {
        const allowed = await allowedToClose(othersOf(state, k));
        const refused = othersOf(state, k).filter((x) => !allowed.includes(x));
        apply(refused.length ? { ...closeTags(state, allowed), active: k } : closeOthers(state, k));
      },
      closeAll: async () => {
        const all = othersOf(state, '/home');
        const allowed = await allowedToClose(all);
        apply(allowed.length === all.length ? closeAll(state) : { ...closeTags(state, allowed), active: '/home' });
      },
    };
  }, [state, titleOf, navigate, apply, allowedToClose, key]);

  if (!api) return <Spin fullscreen />;
  return <TagsContext.Provider value={api}>{children}</TagsContext.Provider>;
}
