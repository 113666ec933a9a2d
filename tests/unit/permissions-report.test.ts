import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_FILE, renderPermissions } from '../../scripts/permissions-report';

describe('permissions report', () => {
  it('docs/permissions.md is up to date with providers/abilities.ts (run `npm run permissions`)', () => {
    expect(readFileSync(PERMISSIONS_FILE, 'utf8')).toBe(renderPermissions());
  });

  it('shows row-scoped grants and superAdmin-only screens', () => {
    const text = renderPermissions();
    expect(text).toMatch(/\| `orders-merchant` \|[^\n]*list, show, export \(own rows\)/);
    expect(text).toMatch(/\| `onlineUsers` \| all \|( {2}\|){6}\n/);
  });
});
