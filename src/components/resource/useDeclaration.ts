/** The declaration and translated labels of the resource the current route shows. */
import { useResourceParams } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { declarationOf } from '../../../resources';
import type { FieldDeclaration, ResourceDeclaration } from '../../../resources/types';

export function useDeclaration(): { declaration: ResourceDeclaration; identifier: string } {
  const { identifier, resource } = useResourceParams();
  const id = identifier ?? resource?.name ?? '';
  const declaration = declarationOf(id);
  if (!declaration) throw new Error(`no resource declaration for ${id}`);
  return { declaration, identifier: id };
}

/** Labels: `<resource>.fields.<name>`, falling back to the shared `fields.<name>`. */
export function useLabels(declaration: ResourceDeclaration) {
  const { t } = useTranslation();
  return {
    field: (f: FieldDeclaration | string) => {
      const name = typeof f === 'string' ? f : f.name;
      return t([`${declaration.name}.fields.${name}`, `fields.${name}`], { defaultValue: name });
    },
    action: (name: string) => t([`${declaration.name}.actions.${name}`, `rowActions.${name}`], { defaultValue: name }),
    title: (identifier: string) => t(`resources.${identifier}`),
  };
}
