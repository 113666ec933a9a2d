/**
 * Message templates (/messageTemplate, superAdmin; /messageTemplate/readonly, technicalMaintenance):
 * the texts the platform sends by bot, SMS or message centre, one per code, each in one language.
 * Subject and body may use only the placeholders of the template's kind; the detail screen shows
 * the body filled with sample values.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { id, optionalSwitch as enabled, remark, required } from '../common/rules';
import { LANGUAGES } from '../../providers/languages';
import { PLACEHOLDERS, TEMPLATE_KINDS, placeholdersIn, type TemplateKind } from './placeholders';

const CHANNELS = ['bot', 'sms', 'messageCentre'] as const;

/** Every placeholder of subject and body is one the kind knows. */
const knownPlaceholders = (value: { kind?: string; subject?: string; body?: string }, ctx: z.RefinementCtx) => {
  const known = PLACEHOLDERS[value.kind as TemplateKind];
  if (!known) return;
  for (const field of ['subject', 'body'] as const) {
    if (placeholdersIn(value[field] ?? '').some((name) => !known.includes(name))) ctx.addIssue({ code: 'custom', path: [field], message: 'placeholder' });
  }
};

const fields = {
  kind: z.enum(TEMPLATE_KINDS, { error: 'option' }),
  language: z.enum(LANGUAGES, { error: 'option' }),
  channel: z.enum(CHANNELS, { error: 'option' }),
  subject: z.preprocess((v) => (v === null ? '' : v), z.string({ error: 'type' }).trim().max(128, 'tooLong').optional()),
  body: required(2000),
  remark,
  enabled,
};

export const messageTemplates: ResourceDeclaration = {
  name: 'messageTemplates',
  parent: 'group.system',
  icon: 'mail',
  routes: { list: '/messageTemplate', create: '/messageTemplate/create', edit: '/messageTemplate/edit/:id', show: '/messageTemplate/show/:id' },
  api: crudApi('/messageTemplate'),
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'code', type: 'text', list: true, filter: 'contains', show: true, create: true, copyable: true, hint: 'messageTemplates.hints.code' },
    { name: 'kind', type: 'enum', options: { values: TEMPLATE_KINDS, labelKey: 'messageTemplates.kinds' }, list: true, filter: 'exact', show: true, create: true, edit: true },
    { name: 'language', type: 'enum', options: { values: LANGUAGES, labelKey: 'languages' }, list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: 'zh-CN' },
    { name: 'channel', type: 'enum', options: { values: CHANNELS, labelKey: 'messageTemplates.channels', colors: { bot: 'green', sms: 'blue', messageCentre: 'purple' } }, list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: 'bot' },
    { name: 'subject', type: 'text', list: true, show: true, create: true, edit: true },
    { name: 'body', type: 'text', multiline: true, show: true, create: true, edit: true, hint: 'messageTemplates.hints.body' },
    { name: 'placeholders', type: 'text', show: true },
    { name: 'preview', type: 'text', show: true },
    { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
    { name: 'remark', type: 'text', show: true, create: true, edit: true },
    { name: 'updatedAt', type: 'datetime', list: true, show: true },
  ],
  createSchema: z.object({ code: required(64).regex(/^[A-Za-z0-9_.-]+$/, 'format'), ...fields }).superRefine(knownPlaceholders),
  editSchema: z.object({ id, ...fields }).superRefine(knownPlaceholders),
  variants: [{ name: 'messageTemplates-readonly', routes: { list: '/messageTemplate/readonly', show: '/messageTemplate/readonly/show/:id' } }],
};
