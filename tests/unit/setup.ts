import { beforeAll } from 'vitest';
import { provideDeclarations } from '../../src/registry/declarations';
// jsdom lacks matchMedia, which antd's responsive helpers call.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Screens read their declaration once their route has loaded it (src/registry/declarations.ts);
// tests render screens directly, with every declaration at hand as the server has them. Imported
// once the test file is, so that its mocks of resources/ apply.
beforeAll(async () => provideDeclarations((await import('../../resources')).declarations));
