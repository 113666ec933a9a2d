/**
 * The parts of antd the build loads when first drawn (src/dependency-swaps/on-demand.tsx): a
 * dropdown's option list and the virtual table get their props and ref once in, a download that
 * fails is told in place with a retry that loads it, and the shell's idle fetch never throws.
 */
import { createRef, forwardRef, useImperativeHandle, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazyPart } from '../../src/common/lazy/lazyPart';
import { onDemand, prefetchOnDemand } from '../../src/dependency-swaps/on-demand';

afterEach(cleanup);

type Handle = { scrollTo: () => string };

describe('a part loaded on demand', () => {
  it('is drawn with its props and its ref once its chunk is in', async () => {
    const List = forwardRef<Handle, { label: string }>(({ label }, ref) => {
      useImperativeHandle(ref, () => ({ scrollTo: () => `scrolled ${label}` }));
      return <span>{label}</span>;
    });
    const part = lazyPart<{ label: string }>(() => Promise.resolve({ default: List as ComponentType<{ label: string }> }));
    const Shown = onDemand(part);
    const ref = createRef<Handle>();
    await act(async () => {
      render(<Shown label="options" ref={ref} />);
      await part.load();
    });
    expect(screen.getByText('options')).toBeTruthy();
    // antd's Select drives its list by this ref (keys, scrolling); the table reads its body by it.
    expect(ref.current?.scrollTo()).toBe('scrolled options');
  });

  it('tells a failed download in its place, and its retry loads it', async () => {
    let fail = true;
    const part = lazyPart<object>(() =>
      fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/OptionList.js')) : Promise.resolve({ default: () => <span>options</span> }),
    );
    const Shown = onDemand(part);
    await act(async () => {
      render(<Shown />);
      await part.load().catch(() => undefined);
    });
    // The locale keys: unit tests run without texts.
    expect(screen.getByDisplayValue('common.inputLoadFailed')).toBeTruthy();
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'common.retry' }));
      await part.load();
    });
    expect(screen.getByText('options')).toBeTruthy();
  });

  it('as a mark in a table, holds a small place, keeps a title while loading, and tells a failure with a retry link', async () => {
    let fail = true;
    const part = lazyPart<{ children?: React.ReactNode }>(() =>
      fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/checkbox.js')) : Promise.resolve({ default: ({ children }: { children?: React.ReactNode }) => <b>filter {children}</b> }),
    );
    const Shown = onDemand(part, { fallback: ({ children }) => children });
    // Loading: the column's title stays as it is.
    const loading = render(<Shown>Status</Shown>);
    expect(loading.container.textContent).toBe('Status');
    loading.unmount();
    // Rendered and failed in one act (React's retry of a suspended render is flushed within one here).
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(<Shown>Status</Shown>);
      await part.load().catch(() => undefined);
    });
    const retry = screen.getByRole('button', { name: 'common.retry' });
    expect(retry.getAttribute('title')).toBe('common.inputLoadFailed');
    expect(screen.queryByDisplayValue('common.inputLoadFailed')).toBeNull();
    fail = false;
    await act(async () => {
      fireEvent.click(retry);
      await part.load();
    });
    expect(view.container.textContent).toBe('filter Status');
  });

  it("fetches antd's option list, virtual table, checkbox and radio when idle, and never throws", async () => {
    await expect(prefetchOnDemand()).resolves.toHaveLength(4);
  });
});
