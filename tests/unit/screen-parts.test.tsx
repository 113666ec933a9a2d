/**
 * A screen's lazy parts load with its route (src/routes.tsx), so it never fetches one after it showed:
 * the date pickers wherever the generic screens show a time input, under the identifier whose
 * fields they show. FieldInput then renders the pickers at once, without a placeholder.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { declarations } from '../../resources';
import { orders } from '../../resources/orders';
import type { ResourceDeclaration } from '../../resources/types';
import { partsOf } from '../../src/screen-parts';
import { FieldInput } from '../../src/components/fields/FieldInput';
import { loadDateInput, loadedDateInput } from '../../src/components/fields/datePickers';

const declaration = (d: Partial<ResourceDeclaration>): ResourceDeclaration => ({ name: 'things', routes: { list: '/things' }, api: { list: '/things' }, ...d }) as ResourceDeclaration;

afterEach(cleanup);

describe('screen parts', () => {
  it('gives the collection-order list (and every role variant) the date pickers for its time filter, not its detail', () => {
    expect(partsOf(orders, 'list')).toEqual(['datePickers']);
    for (const v of orders.variants ?? []) expect(partsOf(orders, 'list', v.name)).toEqual(['datePickers']);
    expect(partsOf(orders, 'show')).toEqual([]);
  });

  it('follows the time inputs the generic screens show: filters, form fields and row-action inputs', () => {
    const createdAt = { name: 'createdAt', type: 'datetime' } as const;
    expect(partsOf(declaration({ fields: [{ ...createdAt, list: true, show: true }] }), 'list')).toEqual([]);
    expect(partsOf(declaration({ fields: [{ ...createdAt, filter: 'range' }] }), 'list')).toEqual(['datePickers']);
    expect(partsOf(declaration({ fields: [{ ...createdAt, filter: 'range', filterHidden: true }] }), 'list')).toEqual([]);
    expect(partsOf(declaration({ fields: [{ ...createdAt, filter: 'range', onlyFor: ['admins'] }] }), 'list', 'agents')).toEqual([]);
    expect(partsOf(declaration({ fields: [{ ...createdAt, edit: true }] }), 'edit')).toEqual(['datePickers']);
    expect(partsOf(declaration({ fields: [{ ...createdAt, edit: true }] }), 'create')).toEqual([]);
    const postpone = { name: 'postpone', ability: 'edit', call: '/things/postpone', inputs: [{ name: 'until', type: 'datetime' as const }] };
    expect(partsOf(declaration({ actions: [postpone] }), 'list')).toEqual(['datePickers']);
    expect(partsOf(declaration({ actions: [{ ...postpone, onlyFor: ['admins'] }] }), 'list', 'agents')).toEqual([]);
  });

  it('leaves the screens without a time input (most details, home) without them', () => {
    const home = declarations.find((d) => d.name === 'home');
    if (home) expect(partsOf(home, 'list')).toEqual([]);
    for (const d of declarations) expect(partsOf(d, 'show')).toEqual([]);
  });

  it('renders the pickers at once once their chunk is in', async () => {
    expect(loadedDateInput()).toBeUndefined();
    await loadDateInput();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FieldInput field={{ name: 'createdAt', type: 'datetime', filter: 'range' }} mode="filter" />
      </QueryClientProvider>,
    );
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
  });
});
