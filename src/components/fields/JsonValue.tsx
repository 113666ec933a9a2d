/**
 * A structured value (callback parameters, a response body) in a list cell: one short line, and
 * the whole value pretty-printed in a dialog. Text that holds JSON is printed as JSON; other text
 * as it is.
 */
import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PREVIEW = 48;

/** The value as indented JSON when it is (or its text parses as) JSON, else its text. */
function prettyJson(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? JSON.stringify(parsed, null, 2) : value;
  } catch {
    return value;
  }
}

export function JsonValue({ value, title }: { value: unknown; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const line = typeof value === 'string' ? value : JSON.stringify(value);
  const short = line.length > PREVIEW ? `${line.slice(0, PREVIEW)}…` : line;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text code>{short}</Typography.Text>
      <Button size="small" type="link" onClick={() => setOpen(true)}>
        {t('buttons.show')}
      </Button>
      <Modal open={open} title={title} footer={null} width={720} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph copyable={{ text: prettyJson(value) }} style={{ marginBottom: 0 }}>
          <pre data-testid="json-value" style={{ maxHeight: '60vh', overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {prettyJson(value)}
          </pre>
        </Typography.Paragraph>
      </Modal>
    </span>
  );
}
