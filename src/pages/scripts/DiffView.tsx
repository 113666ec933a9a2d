/**
 * A diff between two script versions, as the server computed it: added lines green with "+",
 * removed lines red with "-", each with its line numbers; the sign and the <ins>/<del> elements
 * say what changed without relying on colour.
 */
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScriptDiff } from '../../../resources/scripts/kit';

const STYLE = {
  add: { background: '#f6ffed', color: '#135200' },
  del: { background: '#fff1f0', color: '#a8071a' },
  same: {},
} as const;
const SIGN = { add: '+', del: '-', same: ' ' } as const;
const cell = { display: 'inline-block', width: 44, textAlign: 'right' as const, paddingRight: 8, color: '#8c8c8c', userSelect: 'none' as const };

export function DiffView({ diff }: { diff: ScriptDiff }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="script-diff">
      <Space wrap>
        <Typography.Text strong>{t('scripts.diff.title', { from: diff.from, to: diff.to })}</Typography.Text>
        <Typography.Text type="secondary">{t('scripts.diff.summary', { added: diff.added, removed: diff.removed })}</Typography.Text>
        <Typography.Text copyable={{ text: diff.patch, tooltips: [t('scripts.diff.copyPatch'), t('scripts.diff.copyPatch')] }} />
      </Space>
      {diff.added + diff.removed === 0 ? (
        <Alert type="info" showIcon message={t('scripts.diff.none')} />
      ) : (
        <pre style={{ margin: 0, fontSize: 13, lineHeight: '20px', border: '1px solid #f0f0f0', borderRadius: 6, overflow: 'auto', maxHeight: 480 }} aria-label={t('scripts.diff.title', { from: diff.from, to: diff.to })}>
          {diff.lines.map((line, i) => {
            const Tag = line.kind === 'add' ? 'ins' : line.kind === 'del' ? 'del' : 'span';
            return (
              <div key={i} data-kind={line.kind} style={{ ...STYLE[line.kind], whiteSpace: 'pre-wrap' }}>
                <span style={cell}>{line.oldLine ?? ''}</span>
                <span style={cell}>{line.newLine ?? ''}</span>
                <Tag style={{ textDecoration: 'none' }} title={line.kind === 'same' ? undefined : t(line.kind === 'add' ? 'scripts.diff.added' : 'scripts.diff.removed')}>
                  {SIGN[line.kind]} {line.text}
                </Tag>
              </div>
            );
          })}
        </pre>
      )}
    </Space>
  );
}
