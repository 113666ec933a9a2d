/**
 * A row action whose schema is a loader (resources/common/lazy-schema.ts: the collection orders')
 * gets its dialog once the schema is in (RowActions loads it), checked with it as with a schema held
 * by the declaration: the supplement's Google code stays optional, its UTR is required.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ActionDialog } from '../../src/components/resource/ActionDialog';
import { orderActions } from '../../resources/orders/actions';
import { schemaOf } from '../../resources/common/lazy-schema';

afterEach(cleanup);

const supplement = orderActions.find((a) => a.name === 'supplement')!;

/** Whether the form marks an input's label as required. */
const required = (label: string) => screen.getByText(label).closest('label')!.classList.contains('ant-form-item-required');

describe('action dialog with a schema loaded when it opens', () => {
  it('asks for the UTR and leaves the Google code optional, by the loaded schema', async () => {
    expect(typeof supplement.schema).toBe('function');
    const schema = await schemaOf(supplement.schema!);
    await act(async () => {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Suspense fallback={<p>loading</p>}>
            <ActionDialog action={supplement} schema={schema} record={{ orderCode: 'P7' }} busy={false} title="Supplement" label={(input) => input} onCancel={() => undefined} onSubmit={() => undefined} />
          </Suspense>
        </QueryClientProvider>,
      );
    });
    expect(await screen.findByText('utr')).toBeTruthy();
    expect(required('utr')).toBe(true);
    expect(required('googleCode')).toBe(false);
  });
});
