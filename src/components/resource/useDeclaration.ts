/** The declaration and translated labels of the resource the current route shows. */
import { useResourceParams } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { declarationOf } from '../../registry/declarations';
import type { FieldDeclaration, ResourceDeclaration } from '../../../resources/types';

export function useDeclaration(): { declaration: ResourceDeclaration; identifier: string } {
  const { identifier, resource } = useResourceParams();
  const id = identifier ?? resource?.name ?? '';
  const declaration = declarationOf(id);
  // Its route waits for it (src/routes.tsx), so a screen never renders before it is in.
  if (!declaration) throw new Error(`no resource declaration loaded for ${id}`);
  return { declaration, identifier: id };
}

/** The declared fields shown on one identifier's screens (`onlyFor` limits a field to some variants). */
export const fieldsFor = (declaration: ResourceDeclaration, identifier: string): FieldDeclaration[] =>
  (declaration.fields ?? []).filter((f) => !f.onlyFor || f.onlyFor.includes(identifier));

/** Labels: `<resource>.fields.<name>`, then the declaration's shared `labels` area, then `fields.<name>`. */
export function useLabels(declaration: ResourceDeclaration) {
  const { t } = useTranslation();
  const shared = (part: string, name: string) => (declaration.labels ? [`${declaration.labels}.${part}.${name}`] : []);
  return {
    field: (f: FieldDeclaration | string) => {
      const name = typeof f === 'string' ? f : f.name;
      return t([`${declaration.name}.fields.${name}`, ...shared('fields', name), `fields.${name}`], { defaultValue: name });
    },
    action: (name: string) => t([`${declaration.name}.actions.${name}`, ...shared('actions', name), `rowActions.${name}`], { defaultValue: name }),
    title: (identifier: string) => t(`resources.${identifier}`),
  };
}
