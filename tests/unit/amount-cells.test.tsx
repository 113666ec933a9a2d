import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CurrencyContext } from '../../src/components/fields/currency';
import { Money } from '../../src/components/fields/Money';
import { EllipsisText } from '../../src/components/fields/EllipsisText';

afterEach(cleanup);

const inCurrency = (code: string, node: React.ReactNode) => render(<CurrencyContext.Provider value={code}>{node}</CurrencyContext.Provider>);

describe('amounts', () => {
  it('groups the figure and names the platform currency after it', () => {
    const { container } = inCurrency('INR', <Money minor={123456789} />);
    expect(container.textContent).toBe('1,234,567.89\u00a0INR');
  });

  it('names USDT for micro units, whatever the platform currency', () => {
    const { container } = inCurrency('INR', <Money usdt={1500000} />);
    expect(container.textContent).toBe('1.500000\u00a0USDT');
  });

  it('shows a dash and no currency for a missing amount', () => {
    const { container } = inCurrency('BDT', <Money minor={null} />);
    expect(container.textContent).toBe('-');
  });

  it('shows the figure alone while no currency is known', () => {
    const { container } = inCurrency('', <Money minor={-500} />);
    expect(container.textContent).toBe('-5.00');
  });
});

describe('long text cells', () => {
  const LONG = 'https://merchant.example/notify/with/a/very/long/path?and=query&more=values';
  /** jsdom lays nothing out: give the span the widths a browser would. */
  const sized = (el: HTMLElement, scrollWidth: number, clientWidth: number) => {
    Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
    Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
  };

  it('shows the whole text in a tooltip when the cell cut it', async () => {
    render(<EllipsisText text={LONG} />);
    const cell = screen.getByText(LONG);
    sized(cell, 600, 280);
    await act(async () => fireEvent.mouseEnter(cell));
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', LONG);
  });

  it('shows no tooltip for text that fits', async () => {
    render(<EllipsisText text="Alice" />);
    const cell = screen.getByText('Alice');
    sized(cell, 40, 40);
    await act(async () => fireEvent.mouseEnter(cell));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
