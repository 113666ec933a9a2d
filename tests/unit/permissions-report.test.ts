import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_FILE, renderPermissions } from '../../scripts/permissions-report';

describe('permissions report', () => {
  it('docs/permissions.md is up to date with providers/abilities.ts (run `npm run permissions`)', () => {
    expect(readFileSync(PERMISSIONS_FILE, 'utf8')).toBe(renderPermissions());
  });

  it('shows row-scoped grants, row conditions and superAdmin-only screens', () => {
    const text = renderPermissions();
    expect(text).toMatch(/\| `internationalCardToCard` \|[^\n]*list, show, create, edit, delete, enableResource \(own rows\)/);
    expect(text).toMatch(/\| `supplierProxy` \|[^\n]*all \(own rows; not agents\)/);
    expect(text).toMatch(/\| `users` \| all \(not their own account: delete, changeRole\) \| all \(not superAdmin accounts: [^)]*changeRole; not their own account: delete, changeRole\)/);
    expect(text).toMatch(/\| `errorLogs` \| all \| all \(own records\) \|/);
    expect(text).toMatch(/\| `onlineUsers` \| all \|( {2}\|){6}\n/);
  });
});
