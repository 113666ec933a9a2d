/**
 * The permissions table holds the truth and only the truth: every line names a screen the registry
 * declares or an API area a route uses, and every screen, every button and every route has its line.
 * A screen or route added without its rule, or a rule left behind by a removed one, fails here.
 */
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../providers/abilities.js';
import { actionsOf, screenRule } from '../../providers/ability-engine.js';
import { declarations } from '../../resources/index.js';
import { allRoutes } from '../../server/routes.js';

/** Every declared screen: a declaration and each of its role variants, with its list route. */
const screens = declarations.flatMap((d) => [
  { name: d.name, path: d.routes.list ?? '', declaration: d, variant: false },
  ...(d.variants ?? []).map((v) => ({ name: v.name, path: v.routes.list ?? '', declaration: d, variant: true })),
]);

/** Every subject a route's access names, with the actions it asks for. */
const routeAccess = allRoutes.flatMap((spec) => {
  if (spec.access === 'public' || spec.access === 'authenticated') return [];
  const { action, subject } = spec.access;
  return (typeof subject === 'string' ? [subject] : subject).map((s) => ({ subject: s, action, route: `${spec.method} ${spec.url}` }));
});
const routeSubjects = new Set(routeAccess.map((r) => r.subject));

describe('every rule names something that exists', () => {
  // A line is a declared screen's (where it sits is the declaration's), or an API area's that a route names.
  it.each(SCREENS.map((rule) => [rule.subject] as const))('%s', (subject) => {
    if (screens.some((s) => s.name === subject)) return;
    expect(routeSubjects.has(subject), `"${subject}" is no declared screen (resources/index.ts), and no route names it in its access`).toBe(true);
  });
});

describe('every screen and every route has its rule', () => {
  it('has screens and routes to check', () => {
    expect(screens.length).toBeGreaterThan(10);
    expect(routeAccess.length).toBeGreaterThan(10);
  });

  it.each(screens.map((s) => [s.name, s] as const))('screen %s', (name, screen) => {
    expect(screenRule(name), `screen "${name}" (${screen.path}) has no line in providers/abilities.ts`).toBeDefined();
    const actions = actionsOf(name);
    expect(actions, `screen "${name}" cannot be listed`).toContain('list');
    // A variant shows the declaration's buttons its grants allow (a read-only variant none), so the
    // buttons must exist as actions on the declaration's own line.
    if (screen.variant) return;
    const { routes, api, actions: buttons } = screen.declaration;
    if (routes.show && api.one) expect(actions, `${name}: show`).toContain('show');
    for (const button of buttons ?? []) {
      if (button.link) expect(screenRule(button.link.subject), `${name}: button ${button.name} opens ${button.link.subject}`).toBeDefined();
      else expect(actions, `${name}: button ${button.name} checks "${button.ability}"`).toContain(button.ability);
    }
  });

  it.each(allRoutes.map((spec) => [`${spec.method} ${spec.url}`, spec] as const))('route %s', (route, spec) => {
    if (spec.access === 'public' || spec.access === 'authenticated') return;
    for (const { subject, action } of routeAccess.filter((r) => r.route === route)) {
      expect(screenRule(subject), `${route} names "${subject}", which has no line in providers/abilities.ts`).toBeDefined();
      expect(actionsOf(subject), `${route}: "${subject}" has no action "${action}"`).toContain(action);
    }
  });
});
