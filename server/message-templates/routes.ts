/**
 * Message templates through the entity kit (the schemas check the placeholders); the detail adds
 * the kind's placeholders and the body filled with sample values.
 */
import { messageTemplates as declaration } from '../../resources/message-templates/index.js';
import { PLACEHOLDERS, preview, type TemplateKind } from '../../resources/message-templates/placeholders.js';
import { messageTemplates } from '../db/schema/index.js';
import { columnValues, entityRoutes } from '../crud/routes.js';

export const messageTemplateRoutes = entityRoutes({
  declaration,
  table: messageTemplates,
  unique: ['code'],
  audit: 'messageTemplate',
  toUpdate: (_ctx, body) => ({ ...columnValues(messageTemplates, body), updatedAt: new Date() }),
  view: async (_db, rows) =>
    rows.map(({ row }) => {
      const kind = row.kind as TemplateKind;
      return { ...row, placeholders: (PLACEHOLDERS[kind] ?? []).map((p) => `{${p}}`).join(' '), preview: preview(String(row.body), kind) };
    }),
});
