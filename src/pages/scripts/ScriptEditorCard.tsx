/**
 * The code editor of one script version. Roles that may edit the screen (providers/abilities.ts)
 * edit the current version and save it as a new one; everyone else, and older versions, read only.
 */
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useInvalidate, useResourceParams } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { Button, Card, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import { get, post } from '../../providers/http';
import type { scriptCalls, ScriptVersion } from '../../../resources/scripts/kit';

// CodeMirror is large: its own chunk, fetched only when a script is opened.
const CodeEditor = lazy(() => import('./CodeEditor'));

interface Props {
  identifier: string;
  scriptId: number;
  calls: ReturnType<typeof scriptCalls>;
  version: number;
  current: number;
  onBackToCurrent: () => void;
  onSaved: () => Promise<void>;
}

export function ScriptEditorCard({ identifier, scriptId, calls, version, current, onBackToCurrent, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const ability = useAbility<AppAbility>();
  const invalidate = useInvalidate();
  const { resource } = useResourceParams();
  const canEdit = ability.can('edit', identifier) && version === current;
  const { data } = useQuery({ queryKey: ['scriptVersion', calls.version, scriptId, version], queryFn: () => get<ScriptVersion>(calls.version, { id: scriptId, version }) });
  const [text, setText] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const shown = text ?? data?.text ?? '';
  const changed = text !== undefined && text !== data?.text;

  const save = async () => {
    setSaving(true);
    try {
      const saved = await post<{ version: number }>(calls.saveVersion, { id: scriptId, baseVersion: current, text: shown, note });
      void message.success(t('scripts.editor.saved', { version: saved.version }));
      setText(undefined);
      setNote('');
      await invalidate({ resource: resource?.name ?? identifier, invalidates: ['detail', 'list'] });
      await onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      style={{ marginTop: 16 }}
      title={
        <Space>
          {t('scripts.editor.title', { version })}
          {version === current ? <Tag color="blue">{t('scripts.versions.current')}</Tag> : <Button size="small" onClick={onBackToCurrent}>{t('scripts.versions.backToCurrent')}</Button>}
          {changed && <Tag color="orange">{t('scripts.editor.changed')}</Tag>}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t(canEdit ? 'scripts.editor.help' : 'scripts.editor.readOnlyHelp')}</Typography.Paragraph>
      {data ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <CodeEditor value={shown} onChange={canEdit ? setText : undefined} readOnly={!canEdit} language="javascript" label={t('scripts.editor.label')} />
        </Suspense>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
      {canEdit && (
        <Space style={{ marginTop: 12, width: '100%' }} wrap>
          <Input aria-label={t('scripts.editor.note')} placeholder={t('scripts.editor.note')} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} style={{ width: 360 }} />
          <Button type="primary" loading={saving} disabled={!changed} onClick={() => void save()} data-testid="save-version">
            {t('scripts.editor.save')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
