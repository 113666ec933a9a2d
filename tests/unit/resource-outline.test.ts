/**
 * The registry's outlines (scripts/resource-outline.ts) are the declarations' own, and each loader
 * brings the very declaration the server serves, from its own module rather than the whole registry.
 */
import { describe, expect, it } from 'vitest';
import { declarations } from '../../resources';
import { loaders, outlines } from '../../src/registry/outline-data';
import { outlineOf } from '../../src/registry/outline';
import { AREAS } from '../../src/providers/locale-files';

describe('resource outline', () => {
  it('outlines every declaration in menu order, as outlineOf reads it', () => {
    expect(outlines.map((o) => o.name)).toEqual(declarations.map((d) => d.name));
    expect(outlines).toEqual(JSON.parse(JSON.stringify(declarations.map((d) => outlineOf(d, AREAS)))));
  });

  it('keeps fields, schemas and actions out of the outline', () => {
    const orders = outlines.find((o) => o.name === 'orders')!;
    expect(orders).not.toHaveProperty('fields');
    expect(orders).not.toHaveProperty('actions');
    expect(orders.areas).toEqual(expect.arrayContaining(['orders', 'orderStatus']));
    expect(orders.variants?.map((v) => v.name)).toEqual(['orders-customerService', 'orders-supplier', 'orders-supplierProxy', 'orders-merchant']);
    // A channel's forms wait for the number input, on every screen of the channel; a list waits for nothing.
    expect(outlines.find((o) => o.name === 'kenya-admin')!.parts['kenya-customerService']).toEqual({ create: ['numberInput'], edit: ['numberInput'] });
    expect(orders.parts).toEqual({});
  });

  it('loads each full declaration from its own module', async () => {
    for (const d of declarations) expect(await loaders[d.name]()).toBe(d);
  });
});
