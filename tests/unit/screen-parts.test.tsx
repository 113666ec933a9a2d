/**
 * A form's lazy parts load with its route (src/routes.tsx), so none of its inputs changes shape after
 * it showed: the date pickers wherever a generic form shows a time input, the number input wherever
 * it shows a number, under the identifier whose fields it shows. A list waits for none: its filters
 * hold their place until their part is in.
 */
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { declarations } from '../../resources';
import { orders } from '../../resources/orders';
import type { ResourceDeclaration } from '../../resources/types';
import { filterPartsOf, partsOf } from '../../src/screen-parts';
import { FieldInput } from '../../src/components/fields/FieldInput';
import { datePickers, numberInput } from '../../src/components/fields/parts';
import { lazyPart } from '../../src/common/lazy/lazyPart';
import { LazyInput } from '../../src/components/fields/LazyInput';

const declaration = (d: Partial<ResourceDeclaration>): ResourceDeclaration => ({ name: 'things', routes: { list: '/things' }, api: { list: '/things' }, ...d }) as ResourceDeclaration;

afterEach(cleanup);

describe('screen parts', () => {
  it('lets no list wait for the pickers, the collection-order list (and every role variant) included', () => {
    expect(partsOf(orders, 'list')).toEqual([]);
    for (const v of orders.variants ?? []) expect(partsOf(orders, 'list', v.name)).toEqual([]);
    for (const d of declarations) expect(partsOf(d, 'list')).toEqual([]);
  });

  it('follows the time inputs the generic forms show, under the identifier whose fields they show', () => {
    const createdAt = { name: 'createdAt', type: 'datetime' } as const;
    expect(partsOf(declaration({ fields: [{ ...createdAt, filter: 'range' }] }), 'list')).toEqual([]);
    expect(partsOf(declaration({ fields: [{ ...createdAt, edit: true }] }), 'edit')).toEqual(['datePickers']);
    expect(partsOf(declaration({ fields: [{ ...createdAt, edit: true }] }), 'create')).toEqual([]);
    expect(partsOf(declaration({ fields: [{ ...createdAt, create: true }] }), 'create')).toEqual(['datePickers']);
    expect(partsOf(declaration({ fields: [{ ...createdAt, create: true, onlyFor: ['admins'] }] }), 'create', 'agents')).toEqual([]);
  });

  it("names the parts a list's filters fetch as they render: the collection orders' time and amount filters", () => {
    expect(filterPartsOf(orders)).toEqual(['datePickers', 'numberInput']);
    const createdAt = { name: 'createdAt', type: 'datetime' } as const;
    expect(filterPartsOf(declaration({ fields: [{ ...createdAt, create: true }] }))).toEqual([]);
    expect(filterPartsOf(declaration({ fields: [{ ...createdAt, filter: 'range', onlyFor: ['admins'] }] }), 'agents')).toEqual([]);
    expect(filterPartsOf(declaration({ fields: [{ ...createdAt, filter: 'range', onlyFor: ['admins'] }] }), 'admins')).toEqual(['datePickers']);
  });

  it('adds the number input for a number field of the form, each part once', () => {
    const sort = { name: 'sort', type: 'number' } as const;
    const both = declaration({ fields: [{ ...sort, create: true, edit: true }, { name: 'from', type: 'datetime', edit: true }, { name: 'to', type: 'datetime', edit: true }] });
    expect(partsOf(both, 'create')).toEqual(['numberInput']);
    expect(partsOf(both, 'edit')).toEqual(['datePickers', 'numberInput']);
    expect(partsOf(both, 'list')).toEqual([]);
  });

  it('leaves the screens without a time input (most details, home) without them', () => {
    const home = declarations.find((d) => d.name === 'home');
    if (home) expect(partsOf(home, 'list')).toEqual([]);
    for (const d of declarations) expect(partsOf(d, 'show')).toEqual([]);
  });

  it('renders the pickers at once once their chunk is in', async () => {
    expect(datePickers.loaded()).toBeUndefined();
    await datePickers.load();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FieldInput field={{ name: 'createdAt', type: 'datetime', filter: 'range' }} mode="filter" />
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('input-loading')).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
  });

  it("holds an input's place until its part is in, then shows the part's input", async () => {
    let arrive!: (module: { default: ComponentType<{ id?: string }> }) => void;
    const part = lazyPart<{ id?: string }>(() => new Promise((resolve) => (arrive = resolve)));
    // Rendered in an async act, so that React's retry of the suspended input is seen by the test.
    await act(async () => {
      render(<LazyInput part={part} id="sort" />);
    });
    expect(screen.getByTestId('input-loading')).toBeTruthy();
    await act(async () => {
      arrive({ default: ({ id }) => <input type="number" id={id} /> });
      await part.load();
    });
    expect(screen.getByRole('spinbutton').id).toBe('sort');
    expect(screen.queryByTestId('input-loading')).toBeNull();
  });

  it('shows antd\'s number input for a number field once its part is in', async () => {
    await numberInput.load();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FieldInput field={{ name: 'sort', type: 'number' }} mode="form" />
      </QueryClientProvider>,
    );
    expect(document.querySelector('.ant-input-number')).not.toBeNull();
    expect(screen.getByRole('spinbutton')).toBeTruthy();
  });
});
