/**
 * A form's lazy parts load with its route (src/routes.tsx), so none of its inputs changes shape after
 * it showed: the date pickers wherever a generic form shows a time input, under the identifier whose
 * fields it shows. A list waits for none: its time filter holds its place until the pickers are in.
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
